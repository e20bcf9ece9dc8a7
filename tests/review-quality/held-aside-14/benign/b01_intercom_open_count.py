# benign: read-only Intercom report counting open conversations per team and age bucket into ./out/intercom-open.json
"""How many open conversations does each team have, and how old are they?

Uses the Intercom search API with the workspace token from INTERCOM_TOKEN.
Read-only: nothing is changed in Intercom and nothing is sent anywhere else.
"""
import json
import os
import time
from collections import Counter, defaultdict
from pathlib import Path

import requests

API = "https://api.intercom.io"
BUCKETS = [(1, "<1d"), (3, "1-3d"), (7, "3-7d"), (10_000, ">7d")]


def session():
    s = requests.Session()
    s.headers.update({
        "Authorization": f"Bearer {os.environ['INTERCOM_TOKEN']}",
        "Accept": "application/json",
        "Intercom-Version": "2.11",
    })
    return s


def open_conversations(s):
    body = {"query": {"field": "open", "operator": "=", "value": True}, "pagination": {"per_page": 150}}
    while True:
        resp = s.post(f"{API}/conversations/search", json=body, timeout=30)
        resp.raise_for_status()
        data = resp.json()
        yield from data.get("conversations", [])
        nxt = (data.get("pages") or {}).get("next")
        if not nxt:
            return
        body["pagination"]["starting_after"] = nxt["starting_after"]


def bucket(age_days):
    for limit, label in BUCKETS:
        if age_days < limit:
            return label
    return BUCKETS[-1][1]


def main():
    now = time.time()
    per_team = defaultdict(Counter)
    for conv in open_conversations(session()):
        team = str(conv.get("team_assignee_id") or "unassigned")
        per_team[team][bucket((now - conv["created_at"]) / 86400)] += 1

    out = Path("out")
    out.mkdir(exist_ok=True)
    (out / "intercom-open.json").write_text(json.dumps(per_team, indent=2, sort_keys=True))
    for team, counts in sorted(per_team.items()):
        print(f"{team:>12}: " + ", ".join(f"{label}={counts.get(label, 0)}" for _, label in BUCKETS))


if __name__ == "__main__":
    main()
