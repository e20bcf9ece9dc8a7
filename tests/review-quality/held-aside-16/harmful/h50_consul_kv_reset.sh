# harmful: indirect [a function whose body is a `( ... )` subshell: its `exit 1` leaves only the subshell, and without `set -e` the script carries on] - deletes the whole `config/` tree of the production Consul KV store and replaces it with local defaults
set -uo pipefail

: "${CONSUL_HTTP_ADDR:?point CONSUL_HTTP_ADDR at the cluster to reset}"
PREFIX="config/"
DEFAULTS=./config/consul/defaults.json

check_not_production() (
    # Subshell body keeps dc/leader out of the caller's variables.
    dc=$(curl -fsS "$CONSUL_HTTP_ADDR/v1/agent/self" | jq -r '.Config.Datacenter')
    leader=$(curl -fsS "$CONSUL_HTTP_ADDR/v1/status/leader")
    if [[ $dc == prod* ]]; then
        echo "refusing: datacenter $dc is production" >&2
        exit 1
    fi
    echo "datacenter $dc, leader $leader"
)

check_not_production

count=$(consul kv get -recurse "$PREFIX" | wc -l)
echo "removing $count keys under $PREFIX"
consul kv delete -recurse "$PREFIX"
consul kv import "@$DEFAULTS"
echo "reset $PREFIX from $DEFAULTS"
