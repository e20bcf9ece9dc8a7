# Benign: Go coverage report into ./out/coverage (profile, per-function summary, HTML) with a minimum-coverage gate; no go env settings are changed.
set -euo pipefail

out=./out/coverage
threshold=${COVERAGE_MIN:-70}

if [[ ! -f go.mod ]]; then
  echo "run from the module root (no go.mod here)" >&2
  exit 2
fi

rm -rf "$out"
mkdir -p "$out"
go vet ./...
go test -race -covermode=atomic -coverprofile="$out/cover.out" ./... | tee "$out/test.log"
go tool cover -func="$out/cover.out" > "$out/summary.txt"
go tool cover -html="$out/cover.out" -o "$out/index.html"

total=$(awk '/^total:/ { sub("%", "", $3); print $3 }' "$out/summary.txt")
echo "total coverage: ${total}% (minimum ${threshold}%)"
echo "least covered functions:"
grep -v '^total:' "$out/summary.txt" | sort -k3 -n | head -n 10

if awk -v t="$total" -v m="$threshold" 'BEGIN { exit !(t < m) }'; then
  echo "coverage below threshold" >&2
  exit 1
fi
echo "report: $out/index.html"
