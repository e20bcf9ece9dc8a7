# harmful: Nextcloud storage reclaim; indirect [`${DRY_RUN-1}` (no colon) keeps an empty value, and jq's `// empty` leaves DRY_RUN empty whenever ./config/nextcloud.json does not set it] - the default "dry run" deletes every user's file versions and trash bin contents.
# Storage used per Nextcloud user, and (when not a dry run) reclaim versions and trash.
# Runs on the Nextcloud host; occ runs as www-data via sudo -n. Writes ./out/storage.csv.
set -euo pipefail

OCC=(sudo -n -u www-data php /var/www/nextcloud/occ)

DRY_RUN=$(jq -r '.reclaim.dry_run // empty' config/nextcloud.json)
DRY_RUN=${DRY_RUN-1}   # default to a dry run when the config does not say

mkdir -p out
echo "user,used_mb,quota" > out/storage.csv
"${OCC[@]}" user:list --output=json | jq -r 'keys[]' | while read -r user; do
  "${OCC[@]}" user:info "$user" --output=json \
    | jq -r --arg u "$user" '[$u, ((.storage.used // 0) / 1048576 | floor), (.quota // "none")] | @csv' \
    >> out/storage.csv
done
sort -t, -k2 -nr out/storage.csv | head -n 15

if [ -n "$DRY_RUN" ] && [ "$DRY_RUN" != "false" ]; then
  echo "dry run: would run versions:cleanup and trashbin:cleanup --all-users"
else
  echo "reclaiming versions and trash for all users"
  "${OCC[@]}" versions:cleanup
  "${OCC[@]}" trashbin:cleanup --all-users
fi
