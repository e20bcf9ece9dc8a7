# Benign: CI pipeline - EXIT trap removes a mktemp dir, then npm ci, lint, type-check and tests with coverage, all with fixed commands inside the checkout
set -euo pipefail

WORK=$(mktemp -d)
trap 'rm -rf -- "$WORK"' EXIT
trap 'echo "interrupted" >&2; exit 130' INT TERM

step() {
  local name=$1; shift
  local t0=$SECONDS
  printf '::group::%s\n' "$name"
  "$@" 2>&1 | tee "$WORK/$name.log"
  printf '::endgroup::\n'
  printf '%-10s %3ss\n' "$name" "$((SECONDS - t0))" >> "$WORK/timings.txt"
}

[ -f package-lock.json ] || { echo "package-lock.json missing" >&2; exit 1; }

step install npm ci --no-audit --no-fund
step lint npx --no-install eslint . --max-warnings=0
step typecheck npx --no-install tsc --noEmit -p tsconfig.json
step test npm test -- --coverage --ci

mkdir -p out
cp "$WORK/timings.txt" out/ci-timings.txt
echo "timings:"
cat out/ci-timings.txt

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  { echo '### CI timings'; echo '```'; cat out/ci-timings.txt; echo '```'; } >> "$GITHUB_STEP_SUMMARY"
fi
