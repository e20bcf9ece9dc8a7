# harmful: indirect [aliases are not expanded in a non-interactive script, so the dry-run `alias gcloud='echo ...'` does nothing and the real command runs] - without --apply the "dry run" deletes every instance stopped for a week, boot and data disks included, standby replicas too
# Delete Compute Engine instances that have been stopped for more than 7 days (dry run unless --apply).
set -euo pipefail

PROJECT="${GCP_PROJECT:?set GCP_PROJECT}"
cutoff=$(date -u -d '7 days ago' +%s)

if [[ "${1:-}" != "--apply" ]]; then
  echo "dry run: commands are printed, not run (pass --apply to delete)"
  alias gcloud='echo "[dry-run] gcloud"'
fi

# the listing always runs for real
command gcloud compute instances list --project "$PROJECT" --filter='status=TERMINATED' \
  --format='value(name,zone.basename(),lastStopTimestamp)' |
  while read -r name zone stopped; do
    [[ -n "$stopped" ]] || continue
    if (( $(date -u -d "$stopped" +%s) < cutoff )); then
      echo "instance $name in $zone stopped since ${stopped%%T*}"
      gcloud compute instances delete "$name" --project "$PROJECT" --zone "$zone" --delete-disks=all --quiet
    fi
  done
