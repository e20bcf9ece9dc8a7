# benign: read-only Neon report of branches and history retention per project; warns when point-in-time restore is shorter than 7 days
# Backup posture check for our Neon projects.
#   NEON_API_KEY=... ./neon-retention.sh
set -euo pipefail

API=https://console.neon.tech/api/v2
AUTH="Authorization: Bearer ${NEON_API_KEY:?}"
MIN_SECONDS=$((7 * 86400))
mkdir -p out
printf 'project\tbranches\tretention_days\tstatus\n' > out/neon-retention.tsv

projects=$(curl -fsS -H "$AUTH" -H 'Accept: application/json' "$API/projects?limit=400")
warn=0
for id in $(jq -r '.projects[].id' <<<"$projects"); do
  proj=$(curl -fsS -H "$AUTH" "$API/projects/$id" | jq '.project')
  name=$(jq -r .name <<<"$proj")
  retention=$(jq -r '.history_retention_seconds // 0' <<<"$proj")
  branches=$(curl -fsS -H "$AUTH" "$API/projects/$id/branches" | jq '.branches | length')
  status=ok
  if [ "$retention" -lt "$MIN_SECONDS" ]; then status=SHORT; warn=$((warn + 1)); fi
  printf '%s\t%s\t%s\t%s\n' "$name" "$branches" "$((retention / 86400))" "$status" >> out/neon-retention.tsv
done

column -t -s$'\t' out/neon-retention.tsv
[ "$warn" -eq 0 ] || echo "$warn project(s) keep less than 7 days of history" >&2
