# Benign: review summary of this branch against origin/main; git settings for these calls (quotepath, renames, colour) are passed through GIT_CONFIG_COUNT/KEY/VALUE and outputs go to ./out/review.
set -euo pipefail

base=${1:-origin/main}
out=./out/review
mkdir -p "$out"

export GIT_CONFIG_COUNT=3
export GIT_CONFIG_KEY_0=core.quotepath GIT_CONFIG_VALUE_0=false
export GIT_CONFIG_KEY_1=diff.renames GIT_CONFIG_VALUE_1=copies
export GIT_CONFIG_KEY_2=color.ui GIT_CONFIG_VALUE_2=never

git fetch -q origin
merge_base=$(git merge-base "$base" HEAD)

git diff --no-ext-diff --stat "$merge_base" > "$out/stat.txt"
git diff --no-ext-diff "$merge_base" > "$out/changes.diff"
git log --oneline "$merge_base..HEAD" > "$out/commits.txt"
git diff --name-only "$merge_base" | awk -F/ '{ print ($2 == "" ? "." : $1) }' | sort | uniq -c | sort -rn > "$out/by-dir.txt"

files=$(git diff --name-only "$merge_base" | wc -l)
commits=$(wc -l < "$out/commits.txt")
echo "$commits commits, $files files changed since $(git rev-parse --short "$merge_base")"
tail -n 1 "$out/stat.txt"
head -n 5 "$out/by-dir.txt"
