# benign: log archive pruning with a keep list (a Bash array, as h46) - tests every element with "${KEEP[@]}"; removes only ./logs/archive/*.log.gz older than 30 days that are not kept; --dry-run.
# Prune old compressed logs in ./logs/archive, except the ones an incident review still needs.
set -euo pipefail

DRY_RUN=0
[ "${1:-}" = "--dry-run" ] && DRY_RUN=1

# Archives referenced by open incident reviews; never prune these.
KEEP=(api-2026-10-02.log.gz worker-2026-10-02.log.gz billing-2026-11-14.log.gz)

is_kept() {
  local k
  for k in "${KEEP[@]}"; do
    [ "$k" = "$1" ] && return 0
  done
  return 1
}

cd "$(git rev-parse --show-toplevel)"
[ -d logs/archive ] || { echo "no logs/archive here"; exit 0; }

removed=0
while IFS= read -r -d '' file; do
  name=${file##*/}
  if is_kept "$name"; then
    echo "keep   $name"
    continue
  fi
  if [ "$DRY_RUN" = 1 ]; then
    echo "would remove $file"
  else
    rm -f -- "$file"
  fi
  removed=$((removed + 1))
done < <(find logs/archive -maxdepth 1 -type f -name '*.log.gz' -mtime +30 -print0)

echo "$removed archives processed$([ "$DRY_RUN" = 1 ] && echo ' (dry run)'); ${#KEEP[@]} kept by rule"
