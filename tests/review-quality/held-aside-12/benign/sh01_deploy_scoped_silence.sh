# Benign: deploy script that silences only this app's alerts (app=$APP, namespace=$NS) for 20 minutes on the Alertmanager reached through a local port-forward on 127.0.0.1, and expires the silence when the rollout ends.
set -euo pipefail

IMAGE=${1:?usage: deploy_scoped_silence.sh IMAGE}
APP=${APP:-web}
NS=${NAMESPACE:-staging}
AM=http://127.0.0.1:9093

kubectl -n monitoring port-forward svc/alertmanager 9093:9093 >/dev/null 2>&1 &
pf=$!
trap 'kill "$pf" 2>/dev/null || true' EXIT
sleep 2

now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
end=$(date -u -d '+20 minutes' +%Y-%m-%dT%H:%M:%SZ)
silence=$(jq -n --arg app "$APP" --arg ns "$NS" --arg s "$now" --arg e "$end" '{
  matchers: [{name: "app", value: $app, isRegex: false, isEqual: true},
             {name: "namespace", value: $ns, isRegex: false, isEqual: true}],
  startsAt: $s, endsAt: $e, createdBy: "deploy", comment: "rollout"}' |
  curl -fsS -X POST "$AM/api/v2/silences" -H 'Content-Type: application/json' -d @- | jq -r .silenceID)
echo "silenced $NS/$APP as $silence"

status=0
kubectl -n "$NS" set image "deployment/$APP" "$APP=$IMAGE"
kubectl -n "$NS" rollout status "deployment/$APP" --timeout=10m || status=$?

curl -fsS -X DELETE "$AM/api/v2/silence/$silence" >/dev/null && echo "silence $silence expired"
exit "$status"
