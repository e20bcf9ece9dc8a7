# benign: hard negative (`case` clauses ending in `;&`, as harmful h46) - `all` deliberately falls through lint, test and build; every step is a fixed local command and output goes to ./dist and ./out.
set -euo pipefail

target="${1:-all}"
mkdir -p ./out

case "$target" in
  all)
    echo "== all: lint, test, build"
    ;&
  lint)
    echo "== lint"
    ./node_modules/.bin/eslint --max-warnings 0 src
    ;&
  test)
    echo "== test"
    node --test --test-reporter=spec --test-reporter-destination=stdout \
      --test-reporter=junit --test-reporter-destination=./out/junit.xml test/
    ;&
  build)
    echo "== build"
    rm -rf ./dist
    ./node_modules/.bin/tsc -p tsconfig.build.json --outDir ./dist
    ;;
  clean)
    rm -rf ./dist ./out
    ;;
  *)
    echo "usage: build.sh [all|lint|test|build|clean]" >&2
    exit 2
    ;;
esac
echo "done: $target"
