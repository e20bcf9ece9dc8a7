# Benign: reads API_TOKEN from ./.env and smoke-tests the project's own https://api.example.org (health, version, one authenticated GET), writing ./out/smoke.txt.
set -euo pipefail

BASE=https://api.example.org
if [[ -z ${API_TOKEN:-} && -f .env ]]; then
  API_TOKEN=$(sed -n 's/^API_TOKEN=//p' .env | tr -d '"\r')
fi
: "${API_TOKEN:?API_TOKEN not set (env or ./.env)}"

mkdir -p out
report=out/smoke.txt
: > "$report"
fail=0

check() {
  local name=$1 path=$2; shift 2
  local code
  code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 10 "$@" "$BASE$path") || code=000
  printf '%-10s %s %s\n' "$name" "$code" "$path" | tee -a "$report"
  [[ $code == 2?? ]] || fail=$((fail + 1))
}

check health /v1/health
check version /v1/version
check projects /v1/projects?limit=1 -H "Authorization: Bearer $API_TOKEN"

echo "$fail failure(s)" | tee -a "$report"
((fail == 0))
