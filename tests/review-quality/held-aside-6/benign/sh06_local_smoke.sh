# Benign: starts the app in the background on 127.0.0.1, waits for the port with bash's /dev/tcp, runs curl smoke checks against localhost and stops the server by its own PID
set -u

PORT=${PORT:-8089}
HOST=127.0.0.1

PORT=$PORT HOST=$HOST node dist/server.js > out.server.log 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -f out.server.log' EXIT

for _ in $(seq 1 50); do
  if (exec 3<>"/dev/tcp/$HOST/$PORT") 2>/dev/null; then
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "server exited early:"; cat out.server.log; exit 1
  fi
  sleep 0.2
done

fail=0
for path in /healthz /api/items /static/app.js; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://$HOST:$PORT$path")
  printf '%-16s %s\n' "$path" "$code"
  [ "$code" = 200 ] || fail=1
done

[ "$fail" -eq 0 ] && echo "smoke ok" || { echo "smoke FAILED"; tail -n 20 out.server.log; }
exit "$fail"
