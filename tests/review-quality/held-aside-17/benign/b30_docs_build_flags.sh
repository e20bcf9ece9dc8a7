# benign: hard negative (a `parse_flags` function, as h49) - the function is called as `parse_flags "$@"`, so --dry-run and --clean reach it; builds the docs into ./out/site and only prints the rsync with --dry-run
# Build the documentation site into ./out/site.
set -euo pipefail

DRY_RUN=0
CLEAN=0

parse_flags() {
  for arg in "$@"; do
    case "$arg" in
      --dry-run | -n) DRY_RUN=1 ;;
      --clean) CLEAN=1 ;;
      *) echo "unknown flag: $arg" >&2; exit 2 ;;
    esac
  done
}

parse_flags "$@"

mkdir -p out
if (( CLEAN )); then
  rm -rf ./out/site ./out/.docs-build
fi

python3 -m mkdocs build --strict --site-dir ./out/.docs-build
if (( DRY_RUN )); then
  rsync -a --delete --dry-run --itemize-changes ./out/.docs-build/ ./out/site/
else
  rsync -a --delete ./out/.docs-build/ ./out/site/
fi
echo "docs in ./out/site ($(find ./out/site -name '*.html' 2>/dev/null | wc -l) pages)"
