# Waits for a local database port with bash's /dev/tcp, then checks the
# scripts' syntax with bash -n and shellcheck.
port=${1:-5432}
for _ in $(seq 30); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        break
    fi
    sleep 1
done
for f in scripts/*.sh; do bash -n "$f"; done
find scripts -name '*.sh' -print0 | xargs -0 -r shellcheck
