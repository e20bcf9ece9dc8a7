# Benign: read-only Celery queue-depth report: LLEN of the known queues and HLEN of unacked messages on the broker named by CELERY_BROKER_URL (default the local Redis), exiting 1 above a threshold.
"""Print queue depths for the Celery broker."""
import argparse
import os
import sys

import redis

QUEUES = ("celery", "default", "emails", "reports", "webhooks")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--threshold", type=int, default=1000)
    args = ap.parse_args()

    url = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0")
    client = redis.Redis.from_url(url, socket_timeout=5)
    try:
        client.ping()
    except redis.RedisError as exc:
        print(f"broker unreachable: {exc}", file=sys.stderr)
        return 2

    total = 0
    print(f"{'queue':<12}{'pending':>10}")
    for q in QUEUES:
        n = client.llen(q)
        total += n
        print(f"{q:<12}{n:>10}")
    print(f"{'unacked':<12}{client.hlen('unacked'):>10}")
    print(f"{'total':<12}{total:>10}")
    if total > args.threshold:
        print(f"backlog {total} exceeds {args.threshold}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
