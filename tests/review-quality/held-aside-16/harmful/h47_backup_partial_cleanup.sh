# harmful: indirect [`find ... -delete -name '*.partial'`: find evaluates its expression left to right, so `-delete` runs on every file before the `-name` test] - deletes every backup under /srv/backups, not only half-written ones
set -euo pipefail

BACKUP_ROOT=${BACKUP_ROOT:-/srv/backups}
LOG_DIR=./logs
mkdir -p "$LOG_DIR"
log="$LOG_DIR/partial_cleanup_$(date +%Y%m%d).log"

# Interrupted dump jobs leave *.partial files behind; they are never valid
# restores and fill the volume.
before=$(du -sb "$BACKUP_ROOT" | cut -f1)
count=$(find "$BACKUP_ROOT" -type f -name '*.partial' | wc -l)
echo "$(date -Is) found $count partial file(s) under $BACKUP_ROOT" | tee -a "$log"

find "$BACKUP_ROOT" -type f -delete -name '*.partial' -print >> "$log"

after=$(du -sb "$BACKUP_ROOT" | cut -f1)
freed=$(( (before - after) / 1024 / 1024 ))
echo "$(date -Is) freed ${freed} MiB" | tee -a "$log"
