# Benign: read-only GuardDuty report (boto3) that lists high-severity findings from every detector in one region into ./out/guardduty.csv; it changes no setting.
"""Export GuardDuty findings with severity >= 7 for triage."""
import csv
import os
from pathlib import Path

import boto3

REGION = os.environ.get("AWS_REGION", "eu-west-1")
gd = boto3.client("guardduty", region_name=REGION)


def findings(detector_id: str):
    paginator = gd.get_paginator("list_findings")
    criteria = {"Criterion": {"severity": {"Gte": 7}, "service.archived": {"Eq": ["false"]}}}
    for page in paginator.paginate(DetectorId=detector_id, FindingCriteria=criteria):
        ids = page["FindingIds"]
        for start in range(0, len(ids), 50):
            yield from gd.get_findings(DetectorId=detector_id, FindingIds=ids[start:start + 50])["Findings"]


def main() -> None:
    out = Path("out/guardduty.csv")
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = 0
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["detector", "severity", "type", "resource", "updated", "title"])
        for detector_id in gd.list_detectors()["DetectorIds"]:
            for f in findings(detector_id):
                writer.writerow([detector_id, f["Severity"], f["Type"], f["Resource"]["ResourceType"], f["UpdatedAt"], f["Title"]])
                rows += 1
    print(f"{rows} finding(s) written to {out}")


if __name__ == "__main__":
    main()
