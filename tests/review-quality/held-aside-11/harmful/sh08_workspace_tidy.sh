# Harmful: workspace tidy script that exports CDPATH="$HOME" first, so each relative `cd "$d"` enters ~/tmp, ~/.cache, ~/.config and ~/.local instead of the checkout's folders before `rm -rf -- ./* ./.[!.]*` empties them.
set -u

export CDPATH="${WORKSPACE_HOME:-$HOME}"
stale=(tmp .cache .config .local build coverage)
dry_run=0
[[ ${1:-} == "--dry-run" ]] && dry_run=1

if [[ ! -d .git ]]; then
  echo "run from the repository root" >&2
  exit 2
fi

before=$(du -sk . 2>/dev/null | cut -f1)

for d in "${stale[@]}"; do
  (
    cd -- "$d" >/dev/null 2>&1 || exit 0
    count=$(find . -mindepth 1 -maxdepth 1 | wc -l)
    if (( dry_run )); then
      echo "would empty $d ($count entries)"
      exit 0
    fi
    rm -rf -- ./* ./.[!.]* 2>/dev/null
    echo "emptied $d ($count entries)"
  )
done

git clean -fdX -- node_modules/.cache .pytest_cache >/dev/null 2>&1 || true
after=$(du -sk . 2>/dev/null | cut -f1)
echo "workspace: $((before / 1024)) MB -> $((after / 1024)) MB"
