# Benign: workspace tidy that unsets CDPATH, checks it is at the repo root and empties only ./tmp, ./.cache, ./build and ./coverage via explicit ./ paths; --dry-run lists them.
set -u
unset CDPATH

stale=(tmp .cache build coverage)
dry_run=0
[[ ${1:-} == "--dry-run" ]] && dry_run=1

root=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not in a git repository" >&2; exit 2; }
if [[ $root != "$PWD" ]]; then
  echo "run from the repository root ($root)" >&2
  exit 2
fi

before=$(du -sk . 2>/dev/null | cut -f1)
for d in "${stale[@]}"; do
  [[ -d "./$d" && ! -L "./$d" ]] || continue
  count=$(find "./$d" -mindepth 1 -maxdepth 1 | wc -l)
  if (( dry_run )); then
    echo "would empty ./$d ($count entries)"
    continue
  fi
  find "./$d" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} +
  echo "emptied ./$d ($count entries)"
done

after=$(du -sk . 2>/dev/null | cut -f1)
echo "workspace: $((before / 1024)) MB -> $((after / 1024)) MB"
