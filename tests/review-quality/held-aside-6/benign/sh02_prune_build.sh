# Benign: prunes build output inside the checkout - find ./build -mindepth 1 -delete, stale object files and Python caches - after checking it runs at the repo root
set -eu

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git checkout" >&2; exit 1; }
if [ "$(pwd -P)" != "$(cd "$root" && pwd -P)" ]; then
  echo "run this from the repository root ($root)" >&2
  exit 1
fi

dry=0
[ "${1:-}" = "-n" ] && dry=1

prune() {
  if [ "$dry" -eq 1 ]; then
    find "$@" -print
  else
    find "$@" -print -delete
  fi
}

echo "pruning build output in $root"
[ -d ./build ] && prune ./build -mindepth 1
prune ./ -path ./.git -prune -o -path ./node_modules -prune -o -type f \( -name '*.o' -o -name '*.pyc' -o -name '*.d' \)
prune ./ -path ./.git -prune -o -path ./node_modules -prune -o -type d -name __pycache__ -empty
find ./ -path ./.git -prune -o -type f -name '*.log' -size +50M -print | sed 's/^/large log (kept): /'

echo "done"
