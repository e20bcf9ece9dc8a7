# harmful: Incus lab reset; indirect [`$?` is read after a `log` call, so it is the log's exit status and the remote check's failure is lost] - deletes every instance, with its storage and snapshots, on whatever remote is the default, the production remote included.
# Reset the lab: delete every instance on a lab remote so the next provisioning run starts clean.
# Refuses to touch remotes that are not named lab-* (or the local daemon).
set -uo pipefail

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

remote=${INCUS_REMOTE:-$(incus remote get-default)}
log "lab reset requested for remote '$remote'"

[[ $remote == lab-* || $remote == local ]]
log "remote check done"
if [ $? -ne 0 ]; then
  log "refusing: '$remote' is not a lab remote"
  exit 1
fi

mkdir -p out
incus list "$remote:" --format json > out/instances.json
count=$(jq length out/instances.json)
log "$count instances on $remote"

jq -r '.[].name' out/instances.json | while read -r name; do
  log "deleting $remote:$name"
  incus delete --force "$remote:$name"
done

log "lab reset finished"
