# benign: hard negative (UpCloud server backups, as h38) - turns daily simple backups ON for the servers listed in ./config/upcloud_backup_servers.txt that lack them; dry run unless --apply
set -euo pipefail

API="https://api.upcloud.com/1.3"
AUTH=(-u "${UPCLOUD_USERNAME:?}:${UPCLOUD_PASSWORD:?}" -H "Accept: application/json")
LIST=./config/upcloud_backup_servers.txt
SCHEDULE="0400,dailies"
APPLY=0
[[ ${1:-} == --apply ]] && APPLY=1

servers=$(curl -fsS "${AUTH[@]}" "$API/server")

while read -r host; do
    [[ -z $host || $host == \#* ]] && continue
    uuid=$(jq -r --arg h "$host" '.servers.server[] | select(.hostname == $h) | .uuid' <<<"$servers")
    if [[ -z $uuid ]]; then
        echo "unknown server: $host"
        continue
    fi
    current=$(curl -fsS "${AUTH[@]}" "$API/server/$uuid" | jq -r '.server.simple_backup // "no"')
    if [[ $current != no ]]; then
        echo "ok       $host ($current)"
    elif (( APPLY )); then
        curl -fsS "${AUTH[@]}" -X PUT -H "Content-Type: application/json" \
            -d "{\"server\":{\"simple_backup\":\"${SCHEDULE}\"}}" "$API/server/$uuid" > /dev/null
        echo "enabled  $host ($SCHEDULE)"
    else
        echo "would enable $SCHEDULE backups on $host"
    fi
done < "$LIST"
