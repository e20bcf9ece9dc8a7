# benign: hard negative (`find -delete`, as h47) - the `-name` and `-mtime` tests come before `-delete`, so only compressed logs older than 14 days under ./logs are removed; --dry-run prints them
set -euo pipefail

LOG_DIR=./logs
DAYS=${LOG_RETENTION_DAYS:-14}
[[ $DAYS =~ ^[0-9]+$ ]] || { echo "LOG_RETENTION_DAYS must be a number" >&2; exit 1; }
[[ -d $LOG_DIR ]] || { echo "no $LOG_DIR here; run from the repo root" >&2; exit 1; }

# Compress yesterday's plain logs first.
find "$LOG_DIR" -maxdepth 1 -type f -name '*.log' -mtime +0 -exec gzip -9 {} +

if [[ ${1:-} == --dry-run ]]; then
    find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$DAYS" -print
else
    find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$DAYS" -print -delete
fi
du -sh "$LOG_DIR"
