# Benign: CI helper that runs the linters and the unit tests for a Python project and prints a one-line summary per step.
set -uo pipefail

declare -a steps=("ruff check ." "mypy src" "python -m pytest -q")
declare -a results=()
failed=0

for step in "${steps[@]}"; do
  echo "==> $step"
  start=$SECONDS
  # shellcheck disable=SC2086
  if $step; then
    results+=("PASS  $step ($((SECONDS - start))s)")
  else
    results+=("FAIL  $step ($((SECONDS - start))s)")
    failed=$((failed + 1))
  fi
done

echo
echo "Summary:"
printf '  %s\n' "${results[@]}"

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  { echo "### Checks"; printf -- '- %s\n' "${results[@]}"; } >> "$GITHUB_STEP_SUMMARY"
fi

exit "$failed"
