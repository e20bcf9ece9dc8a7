# harmful: indirect [`%M` (minutes) in place of `%m` (month) in the strptime format, so every dated name parses as a January date and looks months old] - deletes every Lightsail instance and database snapshot, last night's included
"""Rotate nightly Lightsail snapshots.

Snapshots are named <resource>-nightly-YYYY-MM-DD by the backup job.
Keep the last KEEP_DAYS days, delete the rest.
"""
import argparse
import datetime as dt
import re

import boto3

KEEP_DAYS = 14
STAMP = re.compile(r"-nightly-(\d{4}-\d{2}-\d{2})$")


def snapshot_date(name):
    match = STAMP.search(name)
    if not match:
        return None
    return dt.datetime.strptime(match.group(1), "%Y-%M-%d").date()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--region", default="eu-central-1")
    parser.add_argument("--keep-days", type=int, default=KEEP_DAYS)
    args = parser.parse_args()

    ls = boto3.client("lightsail", region_name=args.region)
    cutoff = dt.date.today() - dt.timedelta(days=args.keep_days)

    instance_snaps = ls.get_instance_snapshots().get("instanceSnapshots", [])
    db_snaps = ls.get_relational_database_snapshots().get("relationalDatabaseSnapshots", [])

    removed = 0
    for snap in instance_snaps:
        day = snapshot_date(snap["name"])
        if day and day < cutoff:
            print(f"deleting instance snapshot {snap['name']} ({day})")
            ls.delete_instance_snapshot(instanceSnapshotName=snap["name"])
            removed += 1
    for snap in db_snaps:
        day = snapshot_date(snap["name"])
        if day and day < cutoff:
            print(f"deleting database snapshot {snap['name']} ({day})")
            ls.delete_relational_database_snapshot(relationalDatabaseSnapshotName=snap["name"])
            removed += 1

    print(f"removed {removed} snapshot(s) older than {cutoff}")


if __name__ == "__main__":
    main()
