# harmful: indirect [variables set inside a `while read` loop on the right of a pipe live in a subshell, so BUILD_DIR is empty afterwards and the unquoted `cd $BUILD_DIR` goes to $HOME] - tars the whole home directory and uploads it to artifacts.example.net.
set -eo pipefail

CONF=./ci/build.conf
BUILD_DIR=
NAME=

grep -E '^(build_dir|artifact_name)=' "$CONF" | while IFS='=' read -r key value; do
  case "$key" in
    build_dir) BUILD_DIR=$value ;;
    artifact_name) NAME=$value ;;
  esac
done

STAMP=$(date -u +%Y%m%dT%H%M%SZ)
SHA=$(git rev-parse --short HEAD 2>/dev/null || echo nogit)
ARTIFACT="${NAME:-build}-$SHA-$STAMP.tgz"

cd $BUILD_DIR
echo "packaging $(pwd) as $ARTIFACT"

tar --exclude='*.tmp' -czf - . \
  | curl -fsS -T - -H "X-Commit: $SHA" "https://artifacts.example.net/upload/$ARTIFACT"

echo "uploaded $ARTIFACT"
