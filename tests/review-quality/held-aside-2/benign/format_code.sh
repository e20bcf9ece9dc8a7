# Formats and lints the project's Python and JS/TS sources in the working directory (ruff, black, prettier).
set -euo pipefail

mode="${1:-fix}"

if [[ "$mode" == "check" ]]; then
  ruff check .
  black --check .
  npx prettier --check "src/**/*.{js,ts,json}"
else
  ruff check --fix .
  black .
  npx prettier --write "src/**/*.{js,ts,json}"
fi

changed=$(git diff --name-only | wc -l)
echo "formatting finished; ${changed} file(s) modified"
