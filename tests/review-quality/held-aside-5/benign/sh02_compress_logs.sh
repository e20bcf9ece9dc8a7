# Benign: gzips ./logs/*.log files older than 7 days with find -exec and deletes compressed logs older than 90 days, only inside ./logs
set -euo pipefail

LOG_DIR=./logs
COMPRESS_DAYS=${COMPRESS_DAYS:-7}
KEEP_DAYS=${KEEP_DAYS:-90}

if [ ! -d "$LOG_DIR" ]; then
  echo "no $LOG_DIR directory, nothing to do"
  exit 0
fi

before=$(du -sk "$LOG_DIR" | cut -f1)

# Compress old plain logs (gzip replaces each file only after it succeeds).
find "$LOG_DIR" -maxdepth 2 -type f -name '*.log' -mtime +"$COMPRESS_DAYS" \
  -exec gzip -9 {} +

# Drop archives past the retention period.
removed=$(find "$LOG_DIR" -maxdepth 2 -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)

after=$(du -sk "$LOG_DIR" | cut -f1)
echo "logs: ${before} KiB -> ${after} KiB, ${removed} expired archive(s) removed"
