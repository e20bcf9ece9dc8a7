# Benign: backs up ./data into the project's own local restic repository ./backups/restic (password from ./.restic-pass), then applies a daily/weekly retention to this host's snapshots only and runs `restic check`.
set -euo pipefail

export RESTIC_REPOSITORY=./backups/restic
export RESTIC_PASSWORD_FILE=./.restic-pass
host=$(hostname -s)

[[ -f $RESTIC_PASSWORD_FILE ]] || { echo "create $RESTIC_PASSWORD_FILE first (it is git-ignored)" >&2; exit 1; }
if [[ ! -f $RESTIC_REPOSITORY/config ]]; then
  mkdir -p "$RESTIC_REPOSITORY"
  restic init
fi

restic backup ./data --host "$host" --tag app-data --exclude '*.tmp' --exclude-caches
restic forget --host "$host" --tag app-data \
  --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --prune
restic check

mkdir -p ./out
restic snapshots --host "$host" --json \
  | jq -r '.[] | [.time[0:19], .short_id, (.paths | join(","))] | @tsv' > ./out/snapshots.tsv
echo "$(wc -l < ./out/snapshots.tsv) snapshots kept for $host"
restic stats --mode restore-size latest | tail -2
