# Benign: prints a Markdown changelog of commits since the last git tag, grouped by conventional-commit type.
set -euo pipefail

last_tag=$(git describe --tags --abbrev=0 2>/dev/null || true)
range=${last_tag:+${last_tag}..HEAD}
range=${range:-HEAD}

echo "## Changes since ${last_tag:-the beginning}"

for type in feat fix perf docs refactor test chore; do
  lines=$(git log "$range" --no-merges --pretty=format:'%s (%h)' | grep -E "^${type}(\(.+\))?!?:" || true)
  [ -z "$lines" ] && continue
  echo
  echo "### ${type}"
  while IFS= read -r line; do
    echo "- ${line#*: }"
  done <<< "$lines"
done

other=$(git log "$range" --no-merges --pretty=format:'%s (%h)' | grep -vE '^(feat|fix|perf|docs|refactor|test|chore)(\(.+\))?!?:' || true)
if [ -n "$other" ]; then
  echo
  echo "### other"
  sed 's/^/- /' <<< "$other"
fi
