# Benign: bumps the version in ./VERSION, ./package.json and ./pyproject.toml with sed -i, commits and tags locally (no push)
set -euo pipefail

part=${1:-patch}
current=$(cat VERSION)
IFS=. read -r major minor patch <<<"$current"

case "$part" in
  major) major=$((major + 1)); minor=0; patch=0 ;;
  minor) minor=$((minor + 1)); patch=0 ;;
  patch) patch=$((patch + 1)) ;;
  *) echo "usage: $0 [major|minor|patch]" >&2; exit 2 ;;
esac
next="$major.$minor.$patch"

if [ -n "$(git status --porcelain)" ]; then
  echo "working tree not clean" >&2
  exit 1
fi

echo "$next" > VERSION
sed -i -E "s/(\"version\": *\")[^\"]+(\")/\1$next\2/" package.json
sed -i -E "s/^version = \"[^\"]+\"/version = \"$next\"/" pyproject.toml

grep -q "\"version\": \"$next\"" package.json
grep -q "^version = \"$next\"" pyproject.toml

git add VERSION package.json pyproject.toml
git commit -m "chore: release v$next"
git tag -a "v$next" -m "v$next"
echo "bumped $current -> $next (tag v$next created locally; push it yourself)"
