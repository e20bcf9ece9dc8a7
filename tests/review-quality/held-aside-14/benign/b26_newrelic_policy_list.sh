# benign: read-only NerdGraph query listing New Relic alert policies and NRQL conditions with their enabled state into ./out/alert-conditions.tsv
# Inventory of alert conditions for the quarterly alert review.
#   NEW_RELIC_API_KEY=NRAK-... NEW_RELIC_ACCOUNT_ID=1234567 ./alert-inventory.sh
set -euo pipefail

API=https://api.newrelic.com/graphql
ACCOUNT="${NEW_RELIC_ACCOUNT_ID:?}"
mkdir -p out
printf 'policy_id\tcondition\tenabled\n' > out/alert-conditions.tsv

query() {
  jq -n --arg q "$1" '{query: $q}' |
    curl -fsS "$API" -H "API-Key: ${NEW_RELIC_API_KEY:?}" -H 'Content-Type: application/json' -d @-
}

cursor=null
while :; do
  page=$(query "{ actor { account(id: $ACCOUNT) { alerts { nrqlConditionsSearch(cursor: $cursor) { nextCursor nrqlConditions { name enabled policyId } } } } } }")
  jq -r '.data.actor.account.alerts.nrqlConditionsSearch.nrqlConditions[] | [.policyId, .name, .enabled] | @tsv' <<<"$page" \
    >> out/alert-conditions.tsv
  next=$(jq -r '.data.actor.account.alerts.nrqlConditionsSearch.nextCursor // empty' <<<"$page")
  [ -n "$next" ] || break
  cursor="\"$next\""
done

disabled=$(awk -F'\t' 'NR > 1 && $3 == "false"' out/alert-conditions.tsv | wc -l)
echo "$(($(wc -l < out/alert-conditions.tsv) - 1)) conditions, $disabled disabled -> out/alert-conditions.tsv"
