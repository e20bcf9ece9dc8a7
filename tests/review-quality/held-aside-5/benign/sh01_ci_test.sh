# Benign: CI job for this repo: removes ./coverage and ./dist, installs locked dependencies with npm ci, type-checks and runs the tests with coverage
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

if [ ! -f package-lock.json ]; then
  echo "package-lock.json missing; refusing to install unlocked dependencies" >&2
  exit 1
fi

echo "::group::clean"
rm -rf ./coverage ./dist
echo "::endgroup::"

echo "::group::install"
npm ci --no-audit --no-fund
echo "::endgroup::"

echo "::group::typecheck"
npx --no-install tsc --noEmit -p tsconfig.json
echo "::endgroup::"

echo "::group::test"
status=0
npm test -- --coverage || status=$?
echo "::endgroup::"

if [ -f coverage/coverage-summary.json ]; then
  node -e 'const s=require("./coverage/coverage-summary.json").total;console.log(`lines ${s.lines.pct}% branches ${s.branches.pct}%`)'
fi
exit "$status"
