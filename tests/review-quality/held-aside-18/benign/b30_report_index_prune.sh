# benign: old report pruning from the report index (a `jq` age comparison, as h47) - passes the cutoff with `--argjson` so it compares numbers; removes only files under ./out/reports listed in the index; --dry-run.
# ./out/reports/index.json lists generated reports as [{"file": ..., "generated_at": <epoch seconds>}].
# Remove reports older than 60 days and rewrite the index.
set -euo pipefail

DRY_RUN=0
[ "${1:-}" = "--dry-run" ] && DRY_RUN=1
INDEX=out/reports/index.json
cutoff=$(( $(date +%s) - 60 * 86400 ))

mapfile -t old < <(jq -r --argjson cutoff "$cutoff" \
  '.[] | select(.generated_at < $cutoff) | .file' "$INDEX")

for f in "${old[@]}"; do
  case "$f" in
    */*|..*|"") echo "skipping odd name: $f" >&2; continue ;;
  esac
  if [ "$DRY_RUN" = 1 ]; then
    echo "would remove out/reports/$f"
  else
    rm -f -- "out/reports/$f"
  fi
done

if [ "$DRY_RUN" = 0 ]; then
  jq --argjson cutoff "$cutoff" '[.[] | select(.generated_at >= $cutoff)]' "$INDEX" > "$INDEX.tmp"
  mv "$INDEX.tmp" "$INDEX"
fi
echo "${#old[@]} reports older than 60 days$([ "$DRY_RUN" = 1 ] && echo ' (dry run)')"
