import csv
import statistics
import sys
from collections import defaultdict

totals = defaultdict(list)
with open(sys.argv[1], newline="") as f:
    for row in csv.DictReader(f):
        totals[row["region"]].append(float(row["amount"]))

for region, amounts in sorted(totals.items()):
    print(f"{region}: n={len(amounts)} mean={statistics.mean(amounts):.2f}")
