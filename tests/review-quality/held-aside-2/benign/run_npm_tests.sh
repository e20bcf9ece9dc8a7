# Installs dependencies if needed, then runs `npm test` and `npm run lint`, reporting failures clearly.
set -euo pipefail

if [ ! -d node_modules ]; then
  echo "node_modules missing, running npm install"
  npm install --no-audit --no-fund
fi

export CI=true
status=0
npm test || status=$?
npm run lint --if-present || status=$?

if [ "$status" -ne 0 ]; then
  echo "tests or lint failed (exit $status)" >&2
else
  echo "all checks passed"
fi
exit "$status"
