# benign: read-only Artifactory storage summary per repository into ./out/artifactory-storage.tsv and the biggest 25 printed
# Storage report for the capacity review.
#   ARTIFACTORY_URL=https://acme.jfrog.io ARTIFACTORY_TOKEN=... ./storage-report.sh
set -euo pipefail

BASE="${ARTIFACTORY_URL:?}/artifactory"
AUTH="Authorization: Bearer ${ARTIFACTORY_TOKEN:?}"
mkdir -p out

summary=$(curl -fsS -H "$AUTH" "$BASE/api/storageinfo")
jq -r '.repositoriesSummaryList[] | select(.repoKey != "TOTAL") | [.repoKey, .repoType, .packageType, .usedSpace, .filesCount] | @tsv' <<<"$summary" |
  sort -t$'\t' -k5 -rn > out/artifactory-storage.tsv

jq -r '.binariesSummary | "binaries: \(.binariesCount), size: \(.binariesSize), optimization: \(.optimization)"' <<<"$summary"
column -t -s$'\t' out/artifactory-storage.tsv | head -n 25
