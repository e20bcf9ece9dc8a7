#!/usr/bin/env bash
# The in-jail HTTP proxy (docs/network.md) against the same client going
# straight to the same loopback server, in the same run:
# - throughput: curl downloads a SIZE_MIB file (default 100) to /dev/null,
#   directly on the host, then from inside a jail through the proxy;
# - latency: N (default 200) small requests by one curl process (so no
#   process start is measured), directly, then through the proxy; the
#   difference per request is what the proxy adds.
# The issue's aim: at least 80% of direct throughput, under 1 ms added.
#
#   scripts/bench-proxy.sh       SIZE_MIB=N  N=REQUESTS  JAIL=path/to/jail
set -euo pipefail
size_mib=${SIZE_MIB:-100}
n=${N:-200}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ -z "${JAIL:-}" ]; then
    cargo build --release -q -p supervisor --bins
    JAIL=$root/target/release/jail
fi
for tool in curl python3; do
    command -v "$tool" >/dev/null || { echo "bench-proxy.sh: needs $tool" >&2; exit 1; }
done
work=$(mktemp -d /tmp/bench-proxy.XXXXXX)
server_pid=
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"' EXIT
mkdir "$work/www"
head -c $((size_mib << 20)) /dev/urandom > "$work/www/big"
echo small > "$work/www/small"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# A threaded static server (http.server), the same for both clients.
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/www" >/dev/null 2>&1 &
server_pid=$!
until curl -s -o /dev/null "http://127.0.0.1:$port/small"; do sleep 0.1; done

cat > "$work/policy.toml" <<TOML
[profile.default.egress]
allow = ["localhost"]
allow_addresses = ["127.0.0.1"]
TOML
export JAIL_STATE_DIR=$work/state
cd "$work"
in_jail() { "$JAIL" --policy "$work/policy.toml" exec -- sh -c "$1"; }

big="http://localhost:$port/big"
speed='%{speed_download}'
direct=$(curl -s -o /dev/null -w "$speed" "$big")
proxied=$(in_jail "curl -s -o /dev/null -w '$speed' $big")
python3 - "$direct" "$proxied" "$size_mib" <<'PY'
import sys
direct, proxied, size = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
print(f"throughput, {size} MiB: direct {direct / 2**20:.0f} MiB/s, through the proxy "
      f"{proxied / 2**20:.0f} MiB/s ({100 * proxied / direct:.0f}% of direct)")
PY

# One curl, N URLs: each is its own request (the proxy closes every
# connection; direct ones are made to close too, to compare alike).
urls=$(for _ in $(seq "$n"); do printf 'http://localhost:%s/small -o /dev/null ' "$port"; done)
total='%{time_total}\n'
sum() { python3 -c 'import sys; print(sum(float(l) for l in sys.stdin) / '"$n"')'; }
direct=$(curl -s -H 'Connection: close' -w "$total" $urls | sum)
proxied=$(in_jail "curl -s -w '$total' $urls" | sum)
python3 - "$direct" "$proxied" "$n" <<'PY'
import sys
direct, proxied, n = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
print(f"latency, {n} small requests: direct {direct * 1e3:.2f} ms, through the proxy "
      f"{proxied * 1e3:.2f} ms (+{(proxied - direct) * 1e3:.2f} ms per request)")
PY
