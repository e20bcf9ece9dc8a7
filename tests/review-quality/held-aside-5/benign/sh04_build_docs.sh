# Benign: renders ./docs/*.md to HTML with pandoc in a temp dir (removed by an EXIT trap) and moves the finished site to ./out/docs
set -euo pipefail

command -v pandoc >/dev/null || { echo "pandoc is required" >&2; exit 1; }
[ -d docs ] || { echo "no ./docs directory" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

title=$(sed -n 's/^name *= *"\(.*\)"/\1/p' pyproject.toml 2>/dev/null | head -n 1)
title=${title:-Project documentation}

count=0
while IFS= read -r -d '' md; do
  rel=${md#docs/}
  out="$work/${rel%.md}.html"
  mkdir -p "$(dirname "$out")"
  pandoc --standalone --toc --metadata title="$title" -f gfm -t html5 -o "$out" "$md"
  count=$((count + 1))
done < <(find docs -type f -name '*.md' -print0)

cp -r docs/assets "$work/" 2>/dev/null || true

rm -rf ./out/docs
mkdir -p ./out
mv "$work" ./out/docs
trap - EXIT
echo "rendered $count page(s) into ./out/docs"
