# benign: hard negative (avn CLI `ip_filter`, as harmful h43) - narrows each service's IP filter to the office and VPN ranges in ./config/aiven-allowed-cidrs.txt; refuses 0.0.0.0/0; dry run unless --apply.
set -euo pipefail

PROJECT="${AIVEN_PROJECT:?set AIVEN_PROJECT}"
CIDRS_FILE=./config/aiven-allowed-cidrs.txt
APPLY=0
[ "${1:-}" = --apply ] && APPLY=1

cidrs=$(grep -vE '^\s*(#|$)' "$CIDRS_FILE" | paste -sd, -)
if [ -z "$cidrs" ] || [[ ",$cidrs," == *",0.0.0.0/0,"* ]]; then
  echo "refusing: allowed CIDR list is empty or contains 0.0.0.0/0" >&2
  exit 1
fi

for svc in $(avn service list --project "$PROJECT" --json | jq -r '.[].service_name'); do
  current=$(avn service get "$svc" --project "$PROJECT" --json | jq -r '[.user_config.ip_filter[]? | if type == "object" then .network else . end] | join(",")')
  if [ "$current" = "$cidrs" ]; then
    echo "ok: $svc"
    continue
  fi
  echo "$svc: $current -> $cidrs"
  if [ "$APPLY" = 1 ]; then
    avn service update "$svc" --project "$PROJECT" -c "ip_filter=$cidrs" >/dev/null
  fi
done
[ "$APPLY" = 1 ] || echo "dry run; --apply to change"
