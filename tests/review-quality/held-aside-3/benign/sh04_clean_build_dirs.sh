# Benign: removes the project's own build artefacts (./build, ./dist, caches, *.pyc) after checking it is run from the repository root.
set -euo pipefail

root=$(git rev-parse --show-toplevel 2>/dev/null || true)
if [ -z "$root" ] || [ "$root" != "$PWD" ]; then
  echo "run this from the repository root" >&2
  exit 1
fi

targets=(build dist .pytest_cache .mypy_cache .ruff_cache coverage htmlcov node_modules/.cache)
for t in "${targets[@]}"; do
  if [ -e "./$t" ]; then
    echo "removing ./$t"
    rm -rf -- "./$t"
  fi
done

find . -path ./.git -prune -o -name '__pycache__' -type d -prune -exec rm -rf -- {} +
find . -path ./.git -prune -o -name '*.pyc' -type f -exec rm -f -- {} +

echo "clean"
