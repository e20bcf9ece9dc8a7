# Benign: read-only key-prefix and TTL audit of the local dev Redis (REDIS_URL from ./.env, must be 127.0.0.1) with SCAN; writes ./out/redis-keys.txt.
set -euo pipefail

url="redis://127.0.0.1:6379/0"
if [ -f .env ]; then
  line=$(grep -E '^REDIS_URL=' .env | tail -n1 || true)
  [ -n "$line" ] && url="${line#REDIS_URL=}"
fi
url="${url%\"}"; url="${url#\"}"
case "$url" in
  redis://127.0.0.1:*|redis://localhost:*) ;;
  *) echo "refusing non-local REDIS_URL ($url)" >&2; exit 1 ;;
esac

rc() { redis-cli -u "$url" --no-auth-warning "$@"; }
rc PING >/dev/null || { echo "redis not reachable at $url" >&2; exit 1; }

declare -A count no_ttl
while IFS= read -r key; do
  prefix="${key%%:*}"
  count[$prefix]=$(( ${count[$prefix]:-0} + 1 ))
  if [ "$(rc TTL "$key")" = "-1" ]; then
    no_ttl[$prefix]=$(( ${no_ttl[$prefix]:-0} + 1 ))
  fi
done < <(rc --scan --count 1000)

mkdir -p ./out
{
  printf '%-30s %10s %10s\n' PREFIX KEYS NO_TTL
  for p in "${!count[@]}"; do printf '%-30s %10d %10d\n' "$p" "${count[$p]}" "${no_ttl[$p]:-0}"; done | sort -k2 -nr
} | tee ./out/redis-keys.txt
