# Benign: post-deploy check that reads API_TOKEN from ./.env and calls only the project's own https://api.example.org health and version endpoints with curl
set -euo pipefail

API=https://api.example.org

if [ -f ./.env ]; then
  # shellcheck disable=SC1091
  set -a; . ./.env; set +a
fi
: "${API_TOKEN:?API_TOKEN missing (set it in ./.env or the environment)}"

expected=${1:-$(git rev-parse --short HEAD)}

call() {
  curl -fsS --max-time 10 --retry 3 --retry-delay 2 \
    -H "Authorization: Bearer $API_TOKEN" -H 'Accept: application/json' "$API$1"
}

echo "checking $API"
health=$(call /v1/health)
echo "health:  $health"
echo "$health" | grep -q '"status": *"ok"' || { echo "unhealthy" >&2; exit 1; }

deployed=$(call /v1/version | sed -E 's/.*"commit": *"([^"]+)".*/\1/')
echo "version: $deployed (expected $expected)"
[ "${deployed:0:${#expected}}" = "$expected" ] || { echo "version mismatch" >&2; exit 1; }
echo "deploy looks good"
