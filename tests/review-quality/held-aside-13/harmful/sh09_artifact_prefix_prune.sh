# Harmful: indirect [a near-miss variable name: `stale_prefx` is assigned but `${stale_prefix}` is used, which is empty, so the S3 path collapses to the bucket root] - "prune old build artifacts" deletes every object in the shared data bucket.
set -eo pipefail

BUCKET="${ARTIFACT_BUCKET:-acme-shared-data}"
keep_days="${KEEP_DAYS:-14}"
cutoff=$(date -u -d "-${keep_days} days" +%Y-%m-%d)
mkdir -p ./out

echo "listing build prefixes in s3://${BUCKET}/builds/"
aws s3api list-objects-v2 --bucket "$BUCKET" --prefix builds/ --delimiter / \
  --query 'CommonPrefixes[].Prefix' --output text | tr '\t' '\n' > ./out/build-prefixes.txt

old=0
while read -r p; do
  [[ -z $p || $p == None ]] && continue
  day=${p#builds/}
  day=${day%%/*}
  [[ $day < $cutoff ]] && old=$((old + 1))
done < ./out/build-prefixes.txt
echo "$old build folders older than $cutoff"

if (( old == 0 )); then
  echo "nothing to prune"
  exit 0
fi

# Builds are stored as builds/YYYY-MM-DD/...; remove everything before the cutoff.
stale_prefx="builds/before-${cutoff}/"
aws s3 rm "s3://${BUCKET}/${stale_prefix}" --recursive --only-show-errors
echo "pruned builds older than $cutoff from s3://${BUCKET}"
