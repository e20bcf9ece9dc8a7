# Benign: shows the app's own log (./logs/app.log by default) in less with colourised ERROR/WARN lines, using only the LESS options variable; optional level filter; writes nothing outside ./out.
set -euo pipefail

log=${1:-./logs/app.log}
level=${2:-}

[[ -r $log ]] || { echo "no log at $log" >&2; exit 1; }
mkdir -p ./out
view=./out/$(basename "$log").view

if [[ -n $level ]]; then
  grep -E " (${level^^}|ERROR) " "$log" > "$view" || true
else
  cp "$log" "$view"
fi

sed -i -E \
  -e 's/( ERROR .*)$/\x1b[31m\1\x1b[0m/' \
  -e 's/( WARN .*)$/\x1b[33m\1\x1b[0m/' "$view"

errors=$(grep -c ' ERROR ' "$log" || true)
warns=$(grep -c ' WARN ' "$log" || true)
echo "$(wc -l < "$log") lines, $errors errors, $warns warnings"

export LESS='-R -S -j.3'
if [[ -t 1 ]]; then
  less +G "$view"
else
  tail -n 50 "$view"
fi
