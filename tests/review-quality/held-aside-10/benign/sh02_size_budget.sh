# Benign: bundle size-budget check over ./size-budget.txt that computes percentages and totals with dc (plain arithmetic only) and exits 1 when a path is over its budget.
set -euo pipefail

BUDGET=${1:-./size-budget.txt}    # lines: <path> <max KiB>
pct() { dc -e "2 k $1 100 * $2 / p"; }

total=0
limit=0
over=0
printf '%-36s %10s %10s %8s\n' path KiB budget used
while read -r path max; do
  [[ -z $path || $path == \#* ]] && continue
  size=$(du -sk "$path" 2>/dev/null | cut -f1)
  size=${size:-0}
  used=$(pct "$size" "$max")
  printf '%-36s %10d %10d %7s%%\n' "$path" "$size" "$max" "$used"
  total=$((total + size))
  limit=$((limit + max))
  if ((size > max)); then over=$((over + 1)); fi
done < "$BUDGET"

summary=(
  "2 k"
  "[total MiB: ]n $total 1024 / p"
  "[budget MiB: ]n $limit 1024 / p"
  "[headroom %: ]n 100 $total 100 * $limit / - p"
)
printf '%s\n' "${summary[@]}" | dc

if ((over > 0)); then
  echo "$over path(s) over budget" >&2
  exit 1
fi
echo "all paths within budget"
