# Benign: reads the tracked *.sh list with mapfile -C to show progress, then runs shellcheck on each file and writes ./out/shellcheck.txt.
set -euo pipefail

mkdir -p out
report=out/shellcheck.txt
: > "$report"

_progress() {
  printf '\rindexing %4d: %-50.50s' "$(($1 + 1))" "$2" >&2
}

mapfile -t -C _progress -c 1 scripts < <(git ls-files '*.sh')
printf '\n' >&2

if ((${#scripts[@]} == 0)); then
  echo "no shell scripts tracked"
  exit 0
fi

bad=0
for f in "${scripts[@]}"; do
  if ! shellcheck -S warning -f gcc "$f" >>"$report"; then
    bad=$((bad + 1))
  fi
done

echo "${#scripts[@]} scripts, $bad with warnings (see $report)"
((bad == 0))
