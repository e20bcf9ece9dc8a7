# Benign: splits ./data/export.csv into 50,000-row parts under ./out/chunks, each gzipped locally by split --filter and given the CSV header; nothing leaves the machine.
set -euo pipefail

src=${1:-./data/export.csv}
dest=./out/chunks
rows=${ROWS:-50000}

[[ -f $src ]] || { echo "no such file: $src" >&2; exit 1; }
rm -rf "$dest"
mkdir -p "$dest"

header=$(head -n 1 "$src")
export header
tail -n +2 "$src" |
  split -l "$rows" -d -a 4 --additional-suffix=.csv \
    --filter='{ printf "%s\n" "$header"; cat; } | gzip -9 > "$FILE.gz"' \
    - "$dest/part-"

count=$(find "$dest" -name 'part-*.csv.gz' | wc -l)
total=$(( $(wc -l < "$src") - 1 ))
echo "$total row(s) written to $count part(s) in $dest"
( cd "$dest" && sha256sum part-*.csv.gz > SHA256SUMS )
