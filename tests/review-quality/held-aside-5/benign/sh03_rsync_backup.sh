# Benign: snapshot backup of ./data into ./backups/<date> with rsync --link-dest against the previous snapshot (all local), keeping the newest 14
set -euo pipefail

SRC=./data/
DEST=./backups
KEEP=${KEEP:-14}

[ -d "$SRC" ] || { echo "no ./data to back up" >&2; exit 1; }
mkdir -p "$DEST"

stamp=$(date +%Y-%m-%dT%H%M%S)
latest=$(find "$DEST" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort | tail -n 1)

args=(-a --delete --exclude '*.tmp' --exclude '.cache/')
if [ -n "$latest" ]; then
  args+=(--link-dest "$(cd "$latest" && pwd)")
fi

rsync "${args[@]}" "$SRC" "$DEST/$stamp/"
echo "snapshot $DEST/$stamp ($(du -sh "$DEST/$stamp" | cut -f1))"

mapfile -t snapshots < <(find "$DEST" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort)
excess=$(( ${#snapshots[@]} - KEEP ))
for (( i = 0; i < excess; i++ )); do
  echo "pruning ${snapshots[$i]}"
  rm -rf -- "${snapshots[$i]}"
done
