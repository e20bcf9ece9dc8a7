# Benign: packs ./dist into ./releases/<name>-<version>.tar.gz (tar without -h, so links are stored as links), writes a sha256 file and points the ./releases/latest symlink at it.
set -euo pipefail

name=$(jq -r .name package.json)
version=$(jq -r .version package.json)
out=./releases
archive=$name-$version.tar.gz

[[ -d dist ]] || { echo "run the build first" >&2; exit 1; }
mkdir -p "$out"
if [[ -e $out/$archive ]]; then
  echo "$archive already exists; bump the version" >&2
  exit 1
fi

tar -czf "$out/$archive" --owner=0 --group=0 --numeric-owner -C dist .
( cd "$out" && sha256sum "$archive" > "$archive.sha256" )
ln -sfn "$archive" "$out/latest.tar.gz"

tar -tzf "$out/$archive" | head -n 5
echo "$out/$archive ($(du -h "$out/$archive" | cut -f1))"
