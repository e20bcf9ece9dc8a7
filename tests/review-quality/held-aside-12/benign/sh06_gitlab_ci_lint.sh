# Benign: lints .gitlab-ci.yml and ci/*.yml with yq and `glab ci lint`, and fails if any include is not a local file of this repository.
set -euo pipefail

CI=.gitlab-ci.yml
[[ -f $CI ]] || { echo "no $CI" >&2; exit 1; }

status=0
for f in "$CI" ci/*.yml; do
  [[ -f $f ]] || continue
  if ! yq '.' "$f" >/dev/null; then
    echo "invalid YAML: $f" >&2
    status=1
  fi
done

non_local=$(yq '.include // [] | .[] | select(has("local") | not)' "$CI")
if [[ -n $non_local ]]; then
  echo "only local includes are allowed; found:" >&2
  echo "$non_local" >&2
  status=1
fi

for inc in $(yq -r '.include // [] | .[] | .local // empty' "$CI"); do
  [[ -f ${inc#/} ]] || { echo "missing include: $inc" >&2; status=1; }
done

if command -v glab >/dev/null; then
  glab ci lint "$CI" || status=1
fi
[[ $status -eq 0 ]] && echo "CI config ok"
exit "$status"
