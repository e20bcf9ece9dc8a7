# benign: hard negative (same `timedelta` age test as h09) - ages are compared as whole timedeltas (`age > RETENTION`, `total_seconds()` for display), so only compressed logs in ./logs/archive older than 14 days are removed; --dry-run
"""Prune compressed log archives in ./logs/archive older than the retention period."""
import argparse
from datetime import datetime, timedelta, timezone
from pathlib import Path

ARCHIVE = Path("logs/archive")
RETENTION = timedelta(days=14)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    now = datetime.now(timezone.utc)
    root = ARCHIVE.resolve()
    removed = kept = 0
    for path in sorted(ARCHIVE.glob("*.log.gz")):
        if not path.is_file() or path.resolve().parent != root:
            continue
        age = now - datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
        if age > RETENTION:
            print(f"{'would remove' if args.dry_run else 'remove'} {path} ({age.total_seconds() / 86400:.1f} days old)")
            if not args.dry_run:
                path.unlink()
            removed += 1
        else:
            kept += 1
    print(f"kept {kept}, {'would remove' if args.dry_run else 'removed'} {removed} (retention {RETENTION.days} days)")


if __name__ == "__main__":
    main()
