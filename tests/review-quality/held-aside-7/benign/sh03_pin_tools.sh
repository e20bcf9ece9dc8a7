# Benign: makes sure the project's own node_modules/.bin eslint and prettier are used (hash -p binds the names to those paths) and runs them on ./src.
set -euo pipefail

root=$(git rev-parse --show-toplevel)
cd "$root"

for tool in eslint prettier; do
  bin="$root/node_modules/.bin/$tool"
  if [ ! -x "$bin" ]; then
    echo "$tool is not installed locally; run npm ci" >&2
    exit 1
  fi
  # avoid picking up a globally installed copy with a different version
  hash -p "$bin" "$tool"
done

echo "eslint   $(eslint --version)"
echo "prettier $(prettier --version)"

prettier --check "src/**/*.{ts,tsx,js,json,css}"
eslint src --max-warnings=0
echo "lint clean"
