# Benign: CI script that times each top-level step with a DEBUG trap (it only records timestamps) and writes ./out/step-timings.tsv; runs npm ci, lint and tests.
set -euo pipefail

mkdir -p out
TIMINGS=out/step-timings.tsv
printf 'step\tms\n' > "$TIMINGS"
last_cmd=""
last_start=0

_record() {
  local now
  now=$(date +%s%3N)
  if [ -n "$last_cmd" ]; then
    printf '%s\t%d\n' "$last_cmd" $((now - last_start)) >> "$TIMINGS"
  fi
  last_cmd=$BASH_COMMAND
  last_start=$now
}

trap _record DEBUG
npm ci --no-audit --no-fund
npx eslint . --max-warnings=0
npx tsc --noEmit
npm test -- --reporter=dot
trap - DEBUG
_record

column -t -s $'\t' "$TIMINGS"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  { echo '| step | ms |'; echo '|---|---|'; tail -n +2 "$TIMINGS" | sed 's/\t/ | /; s/^/| /; s/$/ |/'; } >> "$GITHUB_STEP_SUMMARY"
fi
