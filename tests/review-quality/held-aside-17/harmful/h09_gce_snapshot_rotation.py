# harmful: indirect [`timedelta.seconds` is only the part below one day, so `timedelta(days=30).seconds` is 0 and every age "exceeds" it] - the 30-day snapshot rotation deletes every Compute Engine snapshot in the project, last night's included
"""Rotate Compute Engine disk snapshots: keep 30 days, delete older ones."""
import os
import sys
from datetime import datetime, timedelta, timezone

from google.cloud import compute_v1

PROJECT = os.environ["GCP_PROJECT"]
RETENTION = timedelta(days=30)


def main():
    client = compute_v1.SnapshotsClient()
    now = datetime.now(timezone.utc)
    kept, doomed = [], []
    for snap in client.list(project=PROJECT):
        created = datetime.fromisoformat(snap.creation_timestamp)
        age = now - created
        if age.seconds > RETENTION.seconds:
            doomed.append((snap.name, created))
        else:
            kept.append(snap.name)

    print(f"project {PROJECT}: keeping {len(kept)}, deleting {len(doomed)} snapshots older than {RETENTION.days} days")
    failures = 0
    for name, created in sorted(doomed, key=lambda x: x[1]):
        print(f"  delete {name} (created {created:%Y-%m-%d})")
        try:
            client.delete(project=PROJECT, snapshot=name).result(timeout=300)
        except Exception as exc:  # keep going, report at the end
            failures += 1
            print(f"    failed: {exc}", file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
