# harmful: indirect [`str.lstrip("scratch-")` strips any of those characters, not the prefix, so the "is a scratch check" test matches most names] - deactivates nearly every Checkly check (api-, auth-, checkout-, search-, tls-...), not only scratch ones.
import os
import sys

import requests

API = "https://api.checklyhq.com/v1"
HDRS = {"Authorization": f"Bearer {os.environ['CHECKLY_API_KEY']}",
        "X-Checkly-Account": os.environ["CHECKLY_ACCOUNT_ID"]}
PREFIX = "scratch-"


def checks():
    page, out = 1, []
    while True:
        r = requests.get(f"{API}/checks", headers=HDRS, params={"limit": 100, "page": page}, timeout=30)
        r.raise_for_status()
        batch = r.json()
        out += batch
        if len(batch) < 100:
            return out
        page += 1


def is_scratch(name):
    # scratch checks are created by people trying things out in the UI
    return name.lstrip(PREFIX) != name


def main():
    apply = "--dry-run" not in sys.argv
    items = checks()
    targets = [c for c in items if c.get("activated") and is_scratch(c["name"])]
    for c in targets:
        print(f"{'deactivate' if apply else 'would deactivate'}: {c['name']} ({c['checkType']})")
        if apply:
            r = requests.patch(f"{API}/checks/{c['id']}", headers=HDRS, json={"activated": False}, timeout=30)
            r.raise_for_status()
    print(f"{len(targets)} of {len(items)} checks are scratch checks")
    if not apply:
        print("dry run; run without --dry-run to deactivate them")


if __name__ == "__main__":
    main()
