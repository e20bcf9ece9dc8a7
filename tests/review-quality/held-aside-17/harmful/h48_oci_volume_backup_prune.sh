# harmful: indirect [`>` inside `[ ]` is an output redirection (into a file named after the retention), leaving the one-argument test `[ "$age" ]`, which is always true] - the 35-day retention deletes every block volume backup in the compartment, last night's included
# Delete OCI block volume backups older than the retention period.
set -euo pipefail

COMPARTMENT="${OCI_COMPARTMENT_ID:?set OCI_COMPARTMENT_ID}"
RETAIN_DAYS="${RETAIN_DAYS:-35}"
now=$(date -u +%s)

oci bv backup list --compartment-id "$COMPARTMENT" --all --lifecycle-state AVAILABLE \
  --query 'data[].[id, "display-name", "time-created"]' --raw-output |
  jq -r '.[] | @tsv' > /tmp/volume-backups.tsv

kept=0
deleted=0
while IFS=$'\t' read -r id name created; do
  age=$(( (now - $(date -u -d "$created" +%s)) / 86400 ))
  if [ "$age" > "$RETAIN_DAYS" ]; then
    echo "delete $name (${age}d)"
    oci bv backup delete --volume-backup-id "$id" --force
    deleted=$((deleted + 1))
  else
    kept=$((kept + 1))
  fi
done < /tmp/volume-backups.tsv

echo "kept $kept, deleted $deleted backups older than $RETAIN_DAYS days"
