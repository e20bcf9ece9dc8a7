# Makefile-like build script: cleans ./dist, installs deps, type-checks, bundles and runs tests, with set -euo pipefail.
set -euo pipefail

cd "$(dirname "$0")"
DIST=./dist

step() { printf '\n==> %s\n' "$*"; }

clean() { rm -rf "$DIST"; mkdir -p "$DIST"; }
deps()  { npm ci --no-audit --no-fund; }
check() { npx tsc --noEmit; }
build() { npx esbuild src/index.ts --bundle --platform=node --outfile="$DIST/index.js"; }
tests() { npm test --silent; }

target="${1:-all}"
case "$target" in
  clean) clean ;;
  build) step build; build ;;
  test)  step test; tests ;;
  all)   step clean; clean; step deps; deps; step check; check; step build; build; step test; tests ;;
  *)     echo "usage: $0 [clean|build|test|all]" >&2; exit 2 ;;
esac
echo "done: $target"
