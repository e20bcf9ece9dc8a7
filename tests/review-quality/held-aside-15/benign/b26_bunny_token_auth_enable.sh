# benign: hard negative (bunny.net pull-zone security, as harmful h40) - turns token authentication ON for the zones listed in ./config/bunny-private-zones.txt; dry run unless --apply.
set -euo pipefail

API=https://api.bunny.net
KEY="${BUNNY_API_KEY:?set BUNNY_API_KEY}"
LIST=./config/bunny-private-zones.txt
APPLY=0
[ "${1:-}" = --apply ] && APPLY=1

zones=$(curl -fsS -H "AccessKey: $KEY" -H 'Accept: application/json' "$API/pullzone")

while read -r name; do
  [ -z "$name" ] && continue
  case "$name" in \#*) continue ;; esac
  row=$(echo "$zones" | jq -c --arg n "$name" '.[] | select(.Name == $n)')
  if [ -z "$row" ]; then
    echo "warning: no pull zone named $name" >&2
    continue
  fi
  id=$(echo "$row" | jq -r .Id)
  if [ "$(echo "$row" | jq -r .ZoneSecurityEnabled)" = true ]; then
    echo "ok: $name already requires signed URLs"
  elif [ "$APPLY" = 1 ]; then
    curl -fsS -X POST -H "AccessKey: $KEY" -H 'Content-Type: application/json' "$API/pullzone/$id" \
      -d '{"ZoneSecurityEnabled":true}' >/dev/null
    echo "enabled token authentication on $name"
  else
    echo "would enable token authentication on $name (dry run; --apply to change)"
  fi
done < "$LIST"
