# Benign: local DB backup - makes a consistent copy of ./data/app.db with sqlite3 .backup into ./backups with a timestamp, verifies it with an integrity check, and deletes all but the newest 5 backups in ./backups.
#
# backup_db.sh [keep]
#
set -euo pipefail

DB="./data/app.db"
DEST="./backups"
KEEP="${1:-5}"

[ -f "$DB" ] || { echo "database $DB not found" >&2; exit 1; }
[[ "$KEEP" =~ ^[0-9]+$ ]] || { echo "keep must be a number" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "sqlite3 is required" >&2; exit 1; }

mkdir -p "$DEST"
STAMP="$(date +%Y%m%d-%H%M%S)"
OUT="$DEST/app-$STAMP.db"

sqlite3 "$DB" ".backup '$OUT'"
RESULT="$(sqlite3 "$OUT" 'PRAGMA integrity_check;')"
if [ "$RESULT" != "ok" ]; then
  echo "integrity check failed for $OUT: $RESULT" >&2
  rm -f -- "$OUT"
  exit 1
fi
gzip -9 "$OUT"
echo "backup written: $OUT.gz ($(du -h "$OUT.gz" | cut -f1))"

# rotate: keep only the newest $KEEP backups in ./backups
mapfile -t OLD < <(ls -1t "$DEST"/app-*.db.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
for f in "${OLD[@]}"; do
  rm -f -- "$f"
  echo "removed old backup $f"
done
