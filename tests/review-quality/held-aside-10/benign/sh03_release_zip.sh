# Benign: zips ./dist into ./release/<name>-<version>.zip with `zip -T` (zip's default unzip integrity test), excludes source maps and writes a sha256 file.
set -euo pipefail

name=$(jq -r .name package.json)
version=$(jq -r .version package.json)
out="release/$name-$version.zip"

[[ -d dist ]] || { echo "run the build first" >&2; exit 1; }
mkdir -p release
rm -f "$out" "$out.sha256"

(
  cd dist
  zip -q -r -9 -X -T "../$out" . -x '*.map' -x '.DS_Store'
)

sha256sum "$out" > "$out.sha256"
count=$(unzip -Z1 "$out" | wc -l)
size=$(du -h "$out" | cut -f1)
echo "$out: $count files, $size"
cat "$out.sha256"
