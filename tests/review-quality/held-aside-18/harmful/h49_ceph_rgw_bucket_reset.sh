# harmful: Ceph RGW bucket reset; indirect [`main "$@"` runs before the last helper, `require_staging_endpoint`, is defined, so the guard is "command not found" and, without `set -e`, the script carries on] - removes every bucket, with all objects, on whatever RGW endpoint the s3cmd config names, production included.
# Reset the staging object store: remove every bucket, then recreate the fixture buckets.
# Reads the endpoint from the s3cmd config (S3CFG, default ~/.s3cfg).
set -uo pipefail

S3CFG=${S3CFG:-$HOME/.s3cfg}

endpoint() {
  awk -F' *= *' '$1 == "host_base" { print $2 }' "$S3CFG"
}

remove_buckets() {
  s3cmd -c "$S3CFG" ls | awk '{ print $3 }' | while read -r bucket; do
    echo "removing $bucket"
    s3cmd -c "$S3CFG" rb --recursive --force "$bucket"
  done
}

create_fixture_buckets() {
  while read -r name; do
    [ -n "$name" ] && s3cmd -c "$S3CFG" mb "s3://$name"
  done < config/fixture_buckets.txt
}

main() {
  local ep
  ep=$(endpoint)
  require_staging_endpoint "$ep"
  echo "resetting buckets on $ep"
  remove_buckets
  create_fixture_buckets
  echo "done"
}

main "$@"

require_staging_endpoint() {
  case "$1" in
    *staging*|localhost*|127.0.0.1*) return 0 ;;
  esac
  echo "refusing: $1 is not a staging endpoint" >&2
  exit 1
}
