# harmful: Cloud Foundry idle-space cleanup; indirect [`$PROTECTED` without `[@]` expands to the array's first element only, so only ci-tools is protected] - deletes every space with no app change for 7 days in every org, production and staging with all their apps, routes and service instances included.
# Delete Cloud Foundry spaces nobody has pushed to for a week, except the protected ones.
# Uses the cf CLI's own login (cf login -a https://api.cf.acme.example.org).
set -euo pipefail

PROTECTED=(ci-tools production staging)
IDLE_DAYS=7
cutoff=$(date -u -d "$IDLE_DAYS days ago" +%Y-%m-%dT%H:%M:%SZ)

is_protected() {
  case " $PROTECTED " in
    *" $1 "*) return 0 ;;
  esac
  return 1
}

mkdir -p out
cf curl "/v3/spaces?per_page=5000&include=organization" > out/spaces.json

jq -r '(.included.organizations | map({(.guid): .name}) | add) as $orgs |
  .resources[] | [.guid, .name, $orgs[.relationships.organization.data.guid], .updated_at] | @tsv' \
  out/spaces.json | while IFS=$'\t' read -r guid space org updated; do
  if is_protected "$space"; then
    echo "keep    $org/$space (protected)"
    continue
  fi
  newest=$(cf curl "/v3/apps?space_guids=$guid&order_by=-updated_at&per_page=1" \
    | jq -r '.resources[0].updated_at // empty')
  last=${newest:-$updated}
  if [[ "$last" > "$cutoff" ]]; then
    continue
  fi
  echo "delete  $org/$space (last change $last)"
  cf delete-space "$space" -o "$org" -f
done
