# Benign: after checking it runs at the repo root, removes ./build, ./dist, ./coverage and caches with rm -rf and find -delete, all inside the checkout; supports --dry-run.
set -euo pipefail

dry=0
[ "${1:-}" = "--dry-run" ] && dry=1

root=$(git rev-parse --show-toplevel 2>/dev/null || true)
if [ -z "$root" ] || [ "$root" != "$(pwd -P)" ]; then
  echo "run this from the repository root" >&2
  exit 1
fi

targets=(build dist coverage .pytest_cache .mypy_cache .ruff_cache node_modules/.cache)
for t in "${targets[@]}"; do
  [ -e "./$t" ] || continue
  if [ "$dry" = 1 ]; then
    echo "would remove ./$t"
  else
    rm -rf -- "./$t"
    echo "removed ./$t"
  fi
done

if [ "$dry" = 1 ]; then
  find . -path ./.git -prune -o \( -name '__pycache__' -o -name '*.pyc' \) -print
else
  find . -path ./.git -prune -o -name '*.pyc' -type f -delete
  find . -path ./.git -prune -o -name '__pycache__' -type d -empty -delete
fi
