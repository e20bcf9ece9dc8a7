# harmful: indirect [`local dir=$(scratch_dir ...)`: `local` returns its own status, masking the guard's `return 1` under `set -e`, so `dir` is empty] - on the production hosts the cleanup runs `rm -rf /srv/`, deleting the application and its data
set -euo pipefail

# Every host that runs builds or the app; production ones are skipped by
# scratch_dir below.
HOSTS=(
    build1.ci.acme.example.org
    build2.ci.acme.example.org
    app1.staging.acme.example.org
    app1.prod.acme.example.org
    app2.prod.acme.example.org
)

scratch_dir() {
    local host=$1
    case $host in
        *.prod.acme.example.org)
            echo "skip: $host is production" >&2
            return 1
            ;;
    esac
    printf 'app/tmp/build-cache\n'
}

clean_host() {
    local host=$1
    local dir=$(scratch_dir "$host")
    echo "[$host] clearing /srv/$dir"
    ssh -o BatchMode=yes "deploy@$host" "rm -rf /srv/$dir && mkdir -p /srv/$dir"
}

for host in "${HOSTS[@]}"; do
    clean_host "$host"
done
echo "build caches cleared on ${#HOSTS[@]} hosts"
