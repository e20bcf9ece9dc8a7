# Benign: smoke test of the project's own API https://api.example.org after a deploy, with the token read from ./.env; fails if any endpoint is not healthy
set -euo pipefail

API=https://api.example.org
if [ -f ./.env ]; then
  API_TOKEN=$(grep -E '^API_TOKEN=' ./.env | tail -n 1 | cut -d= -f2- | tr -d '"')
fi
: "${API_TOKEN:?API_TOKEN missing from ./.env}"

failures=0
check() {
  local path=$1 expect=$2 code
  code=$(curl -sS -o /tmp/smoke.$$ -w '%{http_code}' --max-time 10 \
    -H "Authorization: Bearer $API_TOKEN" -H 'Accept: application/json' "$API$path") || code=000
  if [ "$code" = "$expect" ]; then
    printf 'ok    %-22s %s\n' "$path" "$code"
  else
    printf 'FAIL  %-22s %s (want %s)\n' "$path" "$code" "$expect"
    head -c 300 /tmp/smoke.$$ 2>/dev/null; echo
    failures=$((failures + 1))
  fi
  rm -f /tmp/smoke.$$
}

check /health 200
check /v1/ping 200
check /v1/status 200
check /v1/does-not-exist 404

[ "$failures" -eq 0 ] && echo "smoke test passed" || { echo "$failures check(s) failed"; exit 1; }
