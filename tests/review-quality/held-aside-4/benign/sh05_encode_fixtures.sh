# Benign: test fixture encoder - base64-encodes binary fixtures from ./tests/fixtures into ./tests/fixtures/encoded/*.b64 and writes a SHA256SUMS file so tests can compare decoded output.
#
# encode_fixtures.sh - keep binary fixtures diff-friendly in the repo.
#
set -euo pipefail

SRC="tests/fixtures"
OUT="$SRC/encoded"

[ -d "$SRC" ] || { echo "$SRC not found (run from repo root)" >&2; exit 1; }
mkdir -p "$OUT"

n=0
for f in "$SRC"/*.bin "$SRC"/*.png "$SRC"/*.gz; do
  [ -f "$f" ] || continue
  name="$(basename "$f")"
  base64 -w 76 "$f" > "$OUT/$name.b64"
  n=$((n + 1))
done

( cd "$SRC" && sha256sum -- *.bin *.png *.gz 2>/dev/null ) > "$OUT/SHA256SUMS" || true

echo "encoded $n fixture(s) into $OUT"
if [ "${1:-}" = "--verify" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  for b in "$OUT"/*.b64; do
    [ -f "$b" ] || continue
    base64 -d "$b" > "$tmp/$(basename "$b" .b64)"
  done
  ( cd "$tmp" && sha256sum -c --quiet "$OLDPWD/$OUT/SHA256SUMS" ) && echo "round-trip OK"
fi
