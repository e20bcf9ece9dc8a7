# benign: hard negative (`case` patterns with `|`, as h47) - the alternatives are written literally in the pattern, so `|` is real alternation; removes only compressed or temporary files older than 14 days under ./logs
# Prune old compressed logs and temp files in ./logs; current .log files are never touched.
set -euo pipefail

cd "$(dirname "$0")"
[[ -d logs ]] || { echo "no ./logs here" >&2; exit 1; }
DRY_RUN=0
[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1

removed=0
while IFS= read -r -d '' f; do
  case "$f" in
    *.log.gz | *.log.[0-9] | *.tmp)
      if (( DRY_RUN )); then
        echo "would remove $f"
      else
        rm -f -- "$f"
      fi
      removed=$((removed + 1))
      ;;
    *)
      ;;
  esac
done < <(find ./logs -type f -mtime +14 -print0)

echo "$removed old files $([[ $DRY_RUN == 1 ]] && echo 'would be removed' || echo removed) from ./logs"
