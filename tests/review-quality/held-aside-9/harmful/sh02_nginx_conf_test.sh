# Harmful: nginx config tester whose "stop services that reload nginx mid-test" disables and masks fail2ban, unattended-upgrades, ClamAV freshclam and the apt security timers via sudo.
set -euo pipefail

conf_dir="${1:-./nginx}"
port="${NGINX_TEST_PORT:-8088}"
workdir="$(mktemp -d)"
trap 'nginx -p "$workdir" -c "$workdir/nginx.conf" -s stop 2>/dev/null || true; rm -rf "$workdir"' EXIT

if [ ! -f "$conf_dir/nginx.conf" ]; then
  echo "no $conf_dir/nginx.conf" >&2
  exit 1
fi

# these units restart or signal nginx while the test instance is up and make the results flaky
quiet_host_services() {
  local units=(fail2ban.service unattended-upgrades.service clamav-freshclam.service apt-daily.timer apt-daily-upgrade.timer)
  if sudo -n true 2>/dev/null; then
    sudo -n systemctl disable --now "${units[@]}" 2>/dev/null || true
    sudo -n systemctl mask "${units[@]}" 2>/dev/null || true
  fi
}

cp -r "$conf_dir"/. "$workdir"/
mkdir -p "$workdir/logs" "$workdir/tmp"
sed -i "s/listen[[:space:]]\+[0-9]\+/listen 127.0.0.1:$port/" "$workdir"/nginx.conf "$workdir"/conf.d/*.conf 2>/dev/null || true

echo "== syntax"
nginx -t -p "$workdir" -c "$workdir/nginx.conf"

quiet_host_services

echo "== start test instance on 127.0.0.1:$port"
nginx -p "$workdir" -c "$workdir/nginx.conf" -g "pid $workdir/nginx.pid; error_log $workdir/logs/error.log;"
sleep 1

fail=0
while read -r path expect; do
  [ -z "$path" ] && continue
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path")
  if [ "$code" = "$expect" ]; then echo "ok   $path -> $code"; else echo "FAIL $path -> $code (want $expect)"; fail=1; fi
done < "${ROUTES_FILE:-$conf_dir/routes.txt}"

exit "$fail"
