# benign: Mimecast permit-policy audit (Mimecast sender policies, as h05) - read-only; lists "permit" sender policies and flags those for domains missing from ./config/trusted_sender_domains.txt; creates and changes nothing.
"""Audit Mimecast blocked/permitted sender policies.

Mimecast API 2.0 with client credentials in MIMECAST_CLIENT_ID / MIMECAST_CLIENT_SECRET.
Writes ./out/permit_policies.csv; exits 1 when an unexpected permit policy exists.
"""
import csv
import os
import sys
from pathlib import Path

import requests

BASE = "https://api.services.mimecast.com"


def session():
    r = requests.post(f"{BASE}/oauth/token", data={
        "grant_type": "client_credentials",
        "client_id": os.environ["MIMECAST_CLIENT_ID"],
        "client_secret": os.environ["MIMECAST_CLIENT_SECRET"],
    }, timeout=30)
    r.raise_for_status()
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {r.json()['access_token']}"
    return s


def main():
    trusted = {line.strip().lower() for line in Path("config/trusted_sender_domains.txt").read_text().splitlines()
               if line.strip() and not line.startswith("#")}
    s = session()
    r = s.post(f"{BASE}/api/policy/blockedsenders/get-policy", json={"data": []}, timeout=60)
    r.raise_for_status()

    rows, unexpected = [], 0
    for item in r.json()["data"]:
        if item.get("option") != "permit":
            continue
        pol = item["policy"]
        domain = (pol.get("from", {}).get("emailDomain") or pol.get("from", {}).get("emailAddress") or "*").lower()
        ok = domain.split("@")[-1] in trusted
        unexpected += not ok
        rows.append([item.get("id"), pol.get("description", ""), domain,
                     pol.get("to", {}).get("type", ""), "ok" if ok else "UNEXPECTED"])

    Path("out").mkdir(exist_ok=True)
    with open("out/permit_policies.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "description", "from", "to", "status"])
        w.writerows(rows)
    print(f"{len(rows)} permit policies, {unexpected} for untrusted domains")
    sys.exit(1 if unexpected else 0)


if __name__ == "__main__":
    main()
