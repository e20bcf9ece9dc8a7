# benign: Salesforce record counts (COUNT() queries only) for a few objects into ./out/sf-counts.txt; no record data is exported
# Data-volume check before the sandbox refresh.
#   ./sf-counts.sh [org-alias]
set -euo pipefail

ORG="${1:-prod}"
OBJECTS=(Account Contact Lead Opportunity Case)
mkdir -p out
: > out/sf-counts.txt

for obj in "${OBJECTS[@]}"; do
  n=$(sf data query --target-org "$ORG" --query "SELECT COUNT() FROM $obj" --json | jq -r '.result.totalSize')
  printf '%-12s %10s\n' "$obj" "$n" | tee -a out/sf-counts.txt
done

limits=$(sf org list limits --target-org "$ORG" --json | jq -r '.result[] | select(.name == "DataStorageMB") | "\(.max - .remaining)/\(.max) MB"')
echo "data storage used: $limits" | tee -a out/sf-counts.txt
