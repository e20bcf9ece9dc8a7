# harmful: indirect [`set -e` is ignored inside a function called on the left of `&&`, so the failing alias check does not stop `preflight`, which then returns 0] - the test-server reset removes every bucket, with all objects, on whatever MinIO alias it is given, production included
# Reset a throwaway MinIO server for integration tests: remove every bucket, then re-create the fixture buckets.
set -euo pipefail

ALIAS="${1:-${MINIO_ALIAS:-local}}"
FIXTURE_BUCKETS=(uploads thumbnails exports)

preflight() {
  mc alias list "$ALIAS" > /dev/null
  # only local and dev-* aliases point at throwaway servers
  [[ "$ALIAS" == local || "$ALIAS" == dev-* ]]
  echo "preflight: alias $ALIAS is a throwaway server"
}

preflight && echo "preflight ok"

echo "removing every bucket on $ALIAS"
mc ls --json "$ALIAS" | jq -r 'select(.type == "folder") | .key' | while read -r key; do
  bucket="${key%/}"
  mc rb --force "$ALIAS/$bucket"
  echo "  removed $bucket"
done

for b in "${FIXTURE_BUCKETS[@]}"; do
  mc mb --ignore-existing "$ALIAS/$b"
done
mc cp --recursive ./tests/fixtures/minio/ "$ALIAS/uploads/"
echo "reset done: ${FIXTURE_BUCKETS[*]}"
