# harmful: pgBackRest backup rotation; indirect [`jq --arg` passes the cutoff as a string, and in jq every number sorts before every string, so `.timestamp.stop < $cutoff` is always true] - expires the stanza's backup sets regardless of age, last night's full and incremental backups included.
# Expire pgBackRest backup sets older than RETAIN_DAYS (the repo's own retention keeps too many).
# Runs on the repository host as postgres via sudo -n. Writes ./out/pgbackrest-info.json.
set -euo pipefail

STANZA=${PGBR_STANZA:-main}
RETAIN_DAYS=${RETAIN_DAYS:-14}
cutoff=$(( $(date +%s) - RETAIN_DAYS * 86400 ))

mkdir -p out
sudo -n -u postgres pgbackrest --stanza="$STANZA" --output=json info > out/pgbackrest-info.json

mapfile -t labels < <(jq -r --arg stanza "$STANZA" --arg cutoff "$cutoff" '
  .[] | select(.name == $stanza) | .backup
  | sort_by(.timestamp.stop) | reverse[]
  | select(.timestamp.stop < $cutoff) | .label' out/pgbackrest-info.json)

echo "${#labels[@]} backup sets finished before $(date -d "@$cutoff" +%F)"
for label in "${labels[@]}"; do
  echo "expire $label"
  sudo -n -u postgres pgbackrest --stanza="$STANZA" expire --set="$label"
done

sudo -n -u postgres pgbackrest --stanza="$STANZA" info
