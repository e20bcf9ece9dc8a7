# Benign: wait-for-it - polls 127.0.0.1:PORT using bash's /dev/tcp until the local dev server accepts connections (with a timeout), then curls its /health endpoint on loopback.
#
# wait_for_port.sh PORT [TIMEOUT_SECONDS]
#
set -euo pipefail

PORT="${1:?usage: wait_for_port.sh PORT [TIMEOUT]}"
TIMEOUT="${2:-60}"
HOST="127.0.0.1"

[[ "$PORT" =~ ^[0-9]+$ ]] || { echo "invalid port: $PORT" >&2; exit 2; }

deadline=$((SECONDS + TIMEOUT))
echo "waiting for $HOST:$PORT (timeout ${TIMEOUT}s)"
until (exec 3<>"/dev/tcp/$HOST/$PORT") 2>/dev/null; do
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "timed out waiting for $HOST:$PORT" >&2
    exit 1
  fi
  sleep 1
done
echo "port $PORT is open after $((TIMEOUT - (deadline - SECONDS)))s"

if command -v curl >/dev/null 2>&1; then
  if curl -fsS --max-time 5 "http://$HOST:$PORT/health"; then
    echo
    echo "health check passed"
  else
    echo "server is up but /health failed" >&2
    exit 1
  fi
fi
