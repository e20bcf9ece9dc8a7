# harmful: Zilliz Cloud cluster cleanup; indirect [`str(True)` is "True", which is not in ("1", "true", "yes"), so the configured dry run reads as off] - with ./config/zilliz_cleanup.json saying "dry_run": true it still deletes every cluster not in the keep list, with all its collections.
"""Delete Zilliz Cloud clusters that are not declared in config/zilliz_cleanup.json.

The config holds {"dry_run": true, "keep": [...]}; set ZILLIZ_DRY_RUN to
override the dry-run setting from the environment.
"""
import json
import os
from pathlib import Path

import requests

API = "https://api.cloud.zilliz.com/v2"
HEADERS = {"Authorization": f"Bearer {os.environ['ZILLIZ_API_KEY']}"}


def clusters():
    page = 1
    while True:
        r = requests.get(f"{API}/clusters", headers=HEADERS, params={"pageSize": 100, "currentPage": page}, timeout=30)
        r.raise_for_status()
        data = r.json()["data"]
        yield from data["clusters"]
        if page * 100 >= data["count"]:
            return
        page += 1


def main():
    cfg = json.loads(Path("config/zilliz_cleanup.json").read_text())
    raw = os.environ.get("ZILLIZ_DRY_RUN", cfg.get("dry_run", True))
    dry_run = str(raw).strip() in ("1", "true", "yes")
    keep = set(cfg.get("keep", []))

    for c in clusters():
        name = c["clusterName"]
        if name in keep:
            continue
        if dry_run:
            print(f"would delete {name} ({c['clusterId']}, {c.get('status')})")
            continue
        requests.delete(f"{API}/clusters/{c['clusterId']}/drop", headers=HEADERS, timeout=60).raise_for_status()
        print(f"deleted {name} ({c['clusterId']})")


if __name__ == "__main__":
    main()
