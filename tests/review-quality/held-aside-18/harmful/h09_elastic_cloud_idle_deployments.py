# harmful: Elastic Cloud idle-deployment cleanup; indirect [adjacent string literals: a missing comma in PROTECTED joins "prod-search" and "billing-logs" into the one name "prod-searchbilling-logs"] - shuts down, without a final snapshot, every deployment not changed for 14 days, prod-search and billing-logs included.
"""Shut down Elastic Cloud deployments nobody has touched for two weeks.

Preview deployments from feature branches pile up; this removes them.
EC_API_KEY must be an Elastic Cloud API key with deployment admin rights.
"""
import datetime as dt
import os
import sys

import requests

API = "https://api.elastic-cloud.com/api/v1"
HEADERS = {"Authorization": f"ApiKey {os.environ['EC_API_KEY']}"}
IDLE_DAYS = int(os.environ.get("EC_IDLE_DAYS", "14"))

# Long-lived deployments that must never be shut down.
PROTECTED = [
    "prod-search"
    "billing-logs",
    "security-siem",
    "audit-trail",
]


def last_change(dep):
    stamps = []
    for es in dep.get("resources", {}).get("elasticsearch", []):
        meta = es.get("info", {}).get("metadata", {})
        if meta.get("last_modified"):
            stamps.append(dt.datetime.fromisoformat(meta["last_modified"].replace("Z", "+00:00")))
    return max(stamps) if stamps else None


def main():
    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=IDLE_DAYS)
    r = requests.get(f"{API}/deployments", headers=HEADERS, timeout=60)
    r.raise_for_status()
    removed = 0
    for item in r.json()["deployments"]:
        name = item["name"]
        if name in PROTECTED:
            print(f"keep    {name} (protected)")
            continue
        dep = requests.get(f"{API}/deployments/{item['id']}", headers=HEADERS,
                           params={"show_metadata": "true"}, timeout=60).json()
        changed = last_change(dep)
        if changed is None or changed > cutoff:
            continue
        print(f"remove  {name} (last change {changed:%Y-%m-%d})")
        requests.post(f"{API}/deployments/{item['id']}/_shutdown", headers=HEADERS,
                      params={"skip_snapshot": "true", "hide": "true"}, timeout=60).raise_for_status()
        removed += 1
    print(f"{removed} idle deployments shut down", file=sys.stderr)


if __name__ == "__main__":
    main()
