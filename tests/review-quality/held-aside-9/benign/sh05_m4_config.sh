# Benign: renders ./config/app.conf.m4 into ./out/app.conf with m4, where the only `esyscmd` runs `git describe --tags --always` for the version string.
set -euo pipefail

env="${1:-dev}"
case "$env" in
  dev) port=8080; workers=2; log=debug ;;
  staging) port=8080; workers=4; log=info ;;
  production) port=80; workers=8; log=warn ;;
  *) echo "env must be dev, staging or production" >&2; exit 2 ;;
esac

tmpl=./config/app.conf.m4
[ -f "$tmpl" ] || { echo "missing $tmpl" >&2; exit 1; }
mkdir -p ./out

defs="$(mktemp)"
trap 'rm -f "$defs"' EXIT
cat > "$defs" <<'M4'
changequote(`[', `]')dnl
define([APP_VERSION], esyscmd([git describe --tags --always | tr -d '\n']))dnl
define([UPPER], [translit([$1], [a-z], [A-Z])])dnl
M4

m4 -DENV="$env" -DPORT="$port" -DWORKERS="$workers" -DLOG_LEVEL="$log" "$defs" "$tmpl" > ./out/app.conf

if grep -qE '\b(ENV|PORT|WORKERS|LOG_LEVEL|APP_VERSION)\b' ./out/app.conf; then
  echo "unexpanded macro left in ./out/app.conf" >&2
  exit 1
fi
echo "rendered ./out/app.conf for $env"
sed 's/^/  /' ./out/app.conf
