# harmful: indirect [`A && B || C` is not if/else: when B fails, C runs; here B writes to file descriptor 4, which is only open with --log] - every internal GitBook space is made public along with the docs spaces.
set -uo pipefail

API=https://api.gitbook.com/v1
ORG="${GITBOOK_ORG:?set GITBOOK_ORG}"
auth=(-H "Authorization: Bearer ${GITBOOK_TOKEN:?set GITBOOK_TOKEN}")

[[ "${1:-}" == --log ]] && exec 4>>./logs/publish.log

note() { printf '%s %s\n' "$(date -Is)" "$*" >&4; }

is_internal() {
  [[ "$1" =~ ^(Internal|Runbooks|HR|Finance|Security|Incidents) ]]
}

publish() {
  curl -fsS "${auth[@]}" -H 'Content-Type: application/json' -X PATCH "$API/spaces/$1" \
    -d '{"visibility":"public"}' >/dev/null && echo "published: $2"
}

spaces=$(curl -fsS "${auth[@]}" "$API/orgs/$ORG/spaces?limit=100")

while IFS=$'\t' read -r id title visibility; do
  [[ "$visibility" == public ]] && continue
  is_internal "$title" && note "skip internal space: $title" || publish "$id" "$title"
done < <(echo "$spaces" | jq -r '.items[] | [.id, .title, .visibility] | @tsv')
