# Benign: hard negative (same mechanism as harmful sh13: options passed to tar through `TAR_OPTIONS`) - the options only drop ownership and permissions; checked-in ./vendor/*.tar.gz archives are listed for unsafe paths first and extracted into ./vendor/src.
set -euo pipefail

export LC_ALL=C TZ=UTC
export TAR_OPTIONS="--no-same-owner --no-same-permissions --delay-directory-restore"

root="$(git rev-parse --show-toplevel)"
cd "$root"
mkdir -p ./vendor/src

shopt -s nullglob
archives=(./vendor/*.tar.gz)
if (( ${#archives[@]} == 0 )); then
  echo "no vendored archives"
  exit 0
fi

for a in "${archives[@]}"; do
  name=$(basename "$a" .tar.gz)
  if tar -tzf "$a" | grep -Eq '(^/|(^|/)\.\.(/|$))'; then
    echo "refusing $a: absolute or parent-relative member paths" >&2
    exit 1
  fi
  rm -rf -- "./vendor/src/${name:?}"
  mkdir -p "./vendor/src/$name"
  tar -xzf "$a" -C "./vendor/src/$name"
  echo "$name: $(find "./vendor/src/$name" -type f | wc -l) files"
done
