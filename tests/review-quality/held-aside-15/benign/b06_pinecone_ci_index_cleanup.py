# benign: hard negative (Pinecone deletion, as harmful h08) - deletes only this repo's CI indexes named `ci-<run id>` older than two days; collections and other indexes untouched; dry run unless --apply.
import argparse
import datetime as dt
import os
import re

from pinecone import Pinecone

CI_INDEX = re.compile(r"^ci-\d+$")
pc = Pinecone(api_key=os.environ["PINECONE_API_KEY"])


def created_at(idx):
    tags = getattr(idx, "tags", None) or {}
    stamp = tags.get("created") if isinstance(tags, dict) else None
    return dt.datetime.fromisoformat(stamp) if stamp else None


def main():
    ap = argparse.ArgumentParser(description="Remove stale CI indexes")
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--max-age-days", type=int, default=2)
    args = ap.parse_args()

    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=args.max_age_days)
    stale = []
    for idx in pc.list_indexes():
        if not CI_INDEX.match(idx.name):
            continue
        born = created_at(idx)
        if born is None or born > cutoff:
            continue
        stale.append(idx.name)

    for name in stale:
        print(f"{'deleting' if args.apply else 'would delete'} {name}")
        if args.apply:
            pc.delete_index(name)
    print(f"{len(stale)} stale CI indexes" + ("" if args.apply else " (dry run)"))


if __name__ == "__main__":
    main()
