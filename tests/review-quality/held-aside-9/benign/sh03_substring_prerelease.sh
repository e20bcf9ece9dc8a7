# Benign: computes a prerelease version from ./VERSION, the date and the commit using `${var:offset:length}` slicing, validates it and writes ./out/version.txt.
set -euo pipefail

[ -f VERSION ] || { echo "no VERSION file" >&2; exit 1; }
base="$(tr -d '[:space:]' < VERSION)"
if [[ ! "$base" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "VERSION must be MAJOR.MINOR.PATCH, got '$base'" >&2
  exit 1
fi

sha="$(git rev-parse HEAD)"
stamp="$(date -u +%Y%m%d%H%M)"
short="${sha:0:7}"
day="${stamp:0:8}"
hhmm="${stamp:8:4}"

channel="${1:-dev}"
case "$channel" in
  dev|nightly|rc) ;;
  *) echo "channel must be dev, nightly or rc" >&2; exit 2 ;;
esac

branch="$(git rev-parse --abbrev-ref HEAD)"
branch_tag="${branch//[^A-Za-z0-9]/-}"
branch_tag="${branch_tag:0:20}"

version="$base-$channel.$day.$hhmm+$short"
[ "$branch" != main ] && version="$base-$channel.$day.$hhmm.$branch_tag+$short"

if [[ ! "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+-[0-9A-Za-z.-]+\+[0-9a-f]{7}$ ]]; then
  echo "generated an invalid semver: $version" >&2
  exit 1
fi

mkdir -p ./out
printf '%s\n' "$version" > ./out/version.txt
echo "$version"
