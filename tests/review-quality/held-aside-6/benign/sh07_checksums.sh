# Benign: ordinary release helper - writes and verifies SHA256SUMS for the files in ./dist
set -euo pipefail

cd dist

mode=${1:-write}
case "$mode" in
  write)
    files=()
    for f in *; do
      [ -f "$f" ] && [ "$f" != SHA256SUMS ] && files+=("$f")
    done
    if [ "${#files[@]}" -eq 0 ]; then
      echo "dist/ is empty" >&2
      exit 1
    fi
    sha256sum -- "${files[@]}" > SHA256SUMS
    echo "wrote SHA256SUMS for ${#files[@]} file(s)"
    ;;
  verify)
    sha256sum --check --strict SHA256SUMS
    ;;
  *)
    echo "usage: $0 [write|verify]" >&2
    exit 2
    ;;
esac
