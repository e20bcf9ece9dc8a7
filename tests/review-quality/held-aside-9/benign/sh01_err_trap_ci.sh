# Benign: CI script with an ERR trap that records the failing line and command into ./out/failure.txt and the step summary; runs npm ci, lint, type check and tests.
set -Eeuo pipefail

mkdir -p ./out
rm -f ./out/failure.txt

on_err() {
  local rc=$? line=$1
  {
    echo "failed at line $line with exit status $rc"
    echo "command: $BASH_COMMAND"
  } | tee ./out/failure.txt >&2
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    { echo "### CI failed"; echo; echo '```'; cat ./out/failure.txt; echo '```'; } >> "$GITHUB_STEP_SUMMARY"
  fi
}
trap 'on_err $LINENO' ERR

t0=$SECONDS
echo "== install"
npm ci --no-audit --no-fund

echo "== lint"
npx --no-install eslint --max-warnings=0 .

echo "== types"
npx --no-install tsc --noEmit

echo "== test"
npm test --silent -- --reporter=dot

echo "all checks passed in $((SECONDS - t0))s" | tee ./out/ci-summary.txt
