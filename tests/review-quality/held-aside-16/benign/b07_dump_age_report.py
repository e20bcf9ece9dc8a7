# benign: hard negative (same strptime date parsing as h10) - parses `%Y-%m-%d_%H%M` stamps in ./backups dump names, reports their ages and deletes only old dumps there, always keeping the newest seven; --dry-run
"""Age report and rotation for local database dumps in ./backups.

Dumps are named app_YYYY-MM-DD_HHMM.sql.gz by `make dump`.
"""
import argparse
import datetime as dt
import pathlib
import re

BACKUPS = pathlib.Path("backups")
STAMP = re.compile(r"^app_(\d{4}-\d{2}-\d{2}_\d{4})\.sql\.gz$")
FORMAT = "%Y-%m-%d_%H%M"  # %m is the month, %M the minutes


def dumps():
    found = []
    for path in BACKUPS.glob("app_*.sql.gz"):
        match = STAMP.match(path.name)
        if match:
            found.append((dt.datetime.strptime(match.group(1), FORMAT), path))
    return sorted(found, reverse=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep-days", type=int, default=30)
    parser.add_argument("--keep-newest", type=int, default=7)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    now = dt.datetime.now()
    cutoff = now - dt.timedelta(days=args.keep_days)
    items = dumps()
    for index, (stamp, path) in enumerate(items):
        age = (now - stamp).days
        old = stamp < cutoff and index >= args.keep_newest
        print(f"{path.name:40} {age:4d} days {'-> remove' if old else ''}")
        if old and not args.dry_run:
            path.unlink()
    print(f"{len(items)} dumps in {BACKUPS}/")


if __name__ == "__main__":
    main()
