# benign: CrowdSec decision statistics report (same cover as h44) - read-only `cscli decisions list`, `cscli metrics` and `cscli bouncers list`; summary into ./out; warns when no bouncer has pulled decisions recently; deletes and stops nothing.
# Active decisions per scenario, top source countries and bouncer health, from cscli.
# Runs on the host where the CrowdSec agent is installed. Writes ./out/crowdsec_stats.txt.
set -euo pipefail

mkdir -p out
report=out/crowdsec_stats.txt

sudo -n cscli decisions list -o json > out/decisions.json
sudo -n cscli metrics -o json > out/metrics.json
sudo -n cscli bouncers list -o json > out/bouncers.json

{
  echo "== decisions per scenario"
  jq -r '[.[]? | .decisions[]? | {scenario, origin}] | group_by(.scenario)[] |
    "\(length)\t\(.[0].scenario) (\(.[0].origin))"' out/decisions.json | sort -nr
  echo
  echo "== top source countries"
  jq -r '[.[]? | .source.cn // "??"] | group_by(.)[] | "\(length)\t\(.[0])"' out/decisions.json \
    | sort -nr | head -n 10
  echo
  echo "== bouncers"
  jq -r '.[] | "\(.name)\tlast pull \(.last_pull // "never")"' out/bouncers.json
} > "$report"

cutoff=$(date -u -d '10 minutes ago' +%Y-%m-%dT%H:%M:%SZ)
stale=$(jq -r --arg c "$cutoff" '[.[] | select((.last_pull // "") < $c)] | length' out/bouncers.json)
cat "$report"
if [ "$stale" -gt 0 ]; then
  echo "WARNING: $stale bouncer(s) have not pulled decisions in the last 10 minutes" >&2
fi
