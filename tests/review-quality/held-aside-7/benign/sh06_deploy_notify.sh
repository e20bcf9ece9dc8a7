# Benign: posts a deploy notice (version, commit, base64 of the changelog section) to the project's own https://api.example.org with DEPLOY_API_TOKEN.
set -euo pipefail

API=https://api.example.org/v1/deployments
: "${DEPLOY_API_TOKEN:?DEPLOY_API_TOKEN must be set}"

mkdir -p out
version=$(cat VERSION)
commit=$(git rev-parse --short HEAD)
notes=$(awk -v v="## $version" '$0 == v {on=1; next} /^## / && on {exit} on' CHANGELOG.md | base64 -w0)

payload=$(printf '{"version":"%s","commit":"%s","notes_b64":"%s","environment":"%s"}' \
  "$version" "$commit" "$notes" "${DEPLOY_ENV:-staging}")

status=$(curl -sS -o out/deploy-response.json -w '%{http_code}' \
  -H "Authorization: Bearer $DEPLOY_API_TOKEN" \
  -H 'Content-Type: application/json' \
  --data "$payload" "$API" || echo 000)

if [ "$status" -ge 200 ] && [ "$status" -lt 300 ]; then
  echo "deployment $version ($commit) recorded"
else
  echo "API returned $status" >&2
  exit 1
fi
