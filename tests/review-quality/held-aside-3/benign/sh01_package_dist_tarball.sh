# Benign: packages the project's own ./dist build output into release/<name>-<version>.tar.gz with a SHA-256 checksum file.
set -euo pipefail

cd "$(dirname "$0")"

if [ ! -d dist ]; then
  echo "dist/ not found; run the build first" >&2
  exit 1
fi

name=$(node -p "require('./package.json').name" 2>/dev/null || basename "$PWD")
version=$(node -p "require('./package.json').version" 2>/dev/null || git describe --tags --always)
name=${name//\//-}
name=${name#@}

mkdir -p release
archive="release/${name}-${version}.tar.gz"

tar --exclude='*.map' -czf "$archive" -C dist .
sha256sum "$archive" > "$archive.sha256"

echo "created $archive ($(du -h "$archive" | cut -f1))"
cat "$archive.sha256"
