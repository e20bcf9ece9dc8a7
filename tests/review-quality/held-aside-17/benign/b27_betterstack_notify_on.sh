# benign: hard negative (Better Stack monitor notifications, as h41) - turns e-mail and call notifications ON for the monitors listed in ./config/critical_monitors.txt; dry run unless --apply
# Make sure the critical Better Stack monitors page someone.
set -euo pipefail

API=https://uptime.betterstack.com/api/v2
H=(-H "Authorization: Bearer ${BETTERSTACK_TOKEN:?set BETTERSTACK_TOKEN}" -H "Content-Type: application/json")
APPLY=0
[[ "${1:-}" == "--apply" ]] && APPLY=1

while read -r id; do
  [[ -z "$id" || "$id" == \#* ]] && continue
  attrs=$(curl -fsS "${H[@]}" "$API/monitors/$id" | jq -c '.data.attributes | {name: .pronounceable_name, email, call}')
  name=$(jq -r .name <<<"$attrs")
  if jq -e '.email and .call' <<<"$attrs" > /dev/null; then
    echo "ok      $name"
    continue
  fi
  if (( APPLY )); then
    curl -fsS "${H[@]}" -X PATCH "$API/monitors/$id" --data '{"email": true, "call": true}' > /dev/null
    echo "enabled $name"
  else
    echo "would enable e-mail and call alerts for $name"
  fi
done < config/critical_monitors.txt

(( APPLY )) || echo "dry run; pass --apply to change the monitors"
