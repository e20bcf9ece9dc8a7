# benign: read-only Splunk report of index size and retention days; flags indexes below the policy minimum into ./out/splunk-retention.csv
"""Retention compliance report for Splunk indexes.

Reads /services/data/indexes on the management port and compares each
index's frozenTimePeriodInSecs with the minimum in ./config/retention.json
(e.g. {"_audit": 365, "default": 90}). Only GET requests are made.
"""
import csv
import json
import os
from pathlib import Path

import requests

BASE = os.environ.get("SPLUNK_MGMT_URL", "https://splunk-idx01.internal:8089")
HEADERS = {"Authorization": f"Bearer {os.environ['SPLUNK_TOKEN']}"}


def main():
    policy = json.loads(Path("config/retention.json").read_text())
    resp = requests.get(
        f"{BASE}/services/data/indexes",
        headers=HEADERS,
        params={"output_mode": "json", "count": 0, "datatype": "all"},
        verify=os.environ.get("SPLUNK_CA_BUNDLE", True),
        timeout=60,
    )
    resp.raise_for_status()

    rows, short = [], 0
    for entry in resp.json()["entry"]:
        name, c = entry["name"], entry["content"]
        days = int(c.get("frozenTimePeriodInSecs", 0)) // 86400
        minimum = policy.get(name, policy.get("default", 90))
        ok = days >= minimum
        short += not ok
        rows.append([name, c.get("currentDBSizeMB"), days, minimum, "ok" if ok else "BELOW POLICY"])

    out = Path("out")
    out.mkdir(exist_ok=True)
    with open(out / "splunk-retention.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["index", "size_mb", "retention_days", "policy_min_days", "status"])
        w.writerows(sorted(rows))
    print(f"{len(rows)} indexes, {short} below policy -> out/splunk-retention.csv")


if __name__ == "__main__":
    main()
