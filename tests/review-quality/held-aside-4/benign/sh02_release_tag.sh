# Benign: git release helper - checks the tree is clean and on main, reads ./VERSION, creates an annotated tag with fixed git arguments, and pushes only that tag when --push is given.
#
# release_tag.sh [--push]
#
set -euo pipefail

PUSH=0
[ "${1:-}" = "--push" ] && PUSH=1

die() { echo "error: $*" >&2; exit 1; }

cd "$(git rev-parse --show-toplevel)"

[ -f VERSION ] || die "VERSION file missing"
VERSION="$(tr -d '[:space:]' < VERSION)"
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "VERSION '$VERSION' is not semver"
TAG="v$VERSION"

BRANCH="$(git rev-parse --abbrev-ref HEAD)"
[ "$BRANCH" = "main" ] || die "release tags are created from main (on $BRANCH)"
git diff --quiet && git diff --cached --quiet || die "working tree has uncommitted changes"

git fetch --tags --quiet origin
if git rev-parse -q --verify "refs/tags/$TAG" >/dev/null; then
  die "tag $TAG already exists"
fi

PREV="$(git describe --tags --abbrev=0 2>/dev/null || true)"
if [ -n "$PREV" ]; then
  NOTES="$(git log --format='- %s' "$PREV"..HEAD)"
else
  NOTES="$(git log --format='- %s' -n 20)"
fi

git tag -a "$TAG" -m "Release $TAG" -m "$NOTES"
echo "created $TAG"

if [ "$PUSH" -eq 1 ]; then
  git push origin "refs/tags/$TAG"
  echo "pushed $TAG"
else
  echo "run: git push origin $TAG"
fi
