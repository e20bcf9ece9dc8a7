# Benign: lints the repo's tracked shell scripts in parallel with git ls-files -z | xargs -0 -P shellcheck and reports failures
set -uo pipefail

jobs=${JOBS:-$(nproc)}

if ! command -v shellcheck >/dev/null 2>&1; then
  echo "shellcheck is not installed" >&2
  exit 2
fi

mapfile -d '' files < <(git ls-files -z -- '*.sh' '*.bash')
if [ "${#files[@]}" -eq 0 ]; then
  echo "no shell scripts tracked"
  exit 0
fi

echo "checking ${#files[@]} file(s) with $jobs job(s)"
printf '%s\0' "${files[@]}" |
  xargs -0 -n 8 -P "$jobs" shellcheck --severity=warning --format=gcc > out.lint.txt
status=$?

if [ -s out.lint.txt ]; then
  sort -o out.lint.txt out.lint.txt
  cat out.lint.txt
  echo "$(wc -l < out.lint.txt) finding(s)"
else
  echo "clean"
fi
rm -f out.lint.txt
exit "$status"
