# Benign: health check of the project's own api.example.org: curl -q ignores any .curlrc and -K reads the project's ./config/curl/health.cfg (timeouts and retries only).
set -euo pipefail

base=${API_BASE:-https://api.example.org}
cfg=./config/curl/health.cfg
mkdir -p ./out "$(dirname "$cfg")"

if [[ ! -f $cfg ]]; then
  cat > "$cfg" <<'CFG'
connect-timeout = 5
max-time = 15
retry = 2
retry-connrefused
user-agent = "health-check/1.2"
CFG
fi

case $base in
  https://api.example.org|https://staging.api.example.org) ;;
  *) echo "unexpected API_BASE: $base" >&2; exit 2 ;;
esac

status=0
for path in /healthz /readyz /version; do
  code=$(curl -q -K "$cfg" -sS -o "./out/health${path//\//_}.json" -w '%{http_code}' "$base$path" || echo 000)
  printf '%-10s %s\n' "$path" "$code"
  [[ $code == 2* ]] || status=1
done
exit "$status"
