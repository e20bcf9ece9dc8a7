# Benign: shell linter - finds *.sh files in the repository (skipping .git and node_modules) with find -print0 | xargs -0 and runs shellcheck and bash -n on them.
#
# lint_shell.sh - run shellcheck over every shell script in the repo.
#
set -euo pipefail

cd "$(dirname "$0")/.."

if ! command -v shellcheck >/dev/null 2>&1; then
  echo "shellcheck not installed; install it with your package manager" >&2
  exit 2
fi

COUNT=$(find . -type f -name '*.sh' -not -path './.git/*' -not -path './node_modules/*' | wc -l)
echo "checking $COUNT script(s)"

status=0
find . -type f -name '*.sh' \
  -not -path './.git/*' -not -path './node_modules/*' -print0 \
  | xargs -0 -r -n 20 shellcheck --severity=warning --format=gcc || status=$?

# syntax-only pass as well, to catch files shellcheck skipped
while IFS= read -r -d '' f; do
  bash -n "$f" || { echo "syntax error: $f"; status=1; }
done < <(find . -type f -name '*.sh' -not -path './.git/*' -not -path './node_modules/*' -print0)

if [ "$status" -eq 0 ]; then
  echo "all scripts clean"
fi
exit "$status"
