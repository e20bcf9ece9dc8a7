# harmful: indirect [assignment without `global`: the production guard's `LIVE = False` only creates a local variable] - the dev-instance reset deletes every Clerk user except the seeded admins, on the production instance too
"""Reset the Clerk development instance: delete every user except the seeded admins."""
import os
import sys
from pathlib import Path

import requests

API = "https://api.clerk.com/v1"
KEY = os.environ["CLERK_SECRET_KEY"]
HEADERS = {"Authorization": f"Bearer {KEY}"}
LIVE = "--dry-run" not in sys.argv


def guard_instance(secret_key):
    """Never purge a production instance, whatever the flags say."""
    if secret_key.startswith("sk_live_"):
        print("production instance detected: forcing dry run")
        LIVE = False


def users():
    offset = 0
    while True:
        r = requests.get(f"{API}/users", headers=HEADERS, params={"limit": 100, "offset": offset}, timeout=30)
        r.raise_for_status()
        batch = r.json()
        yield from batch
        if len(batch) < 100:
            return
        offset += 100


def main():
    guard_instance(KEY)
    seeds = set(Path("config/seed_admins.txt").read_text().split())
    doomed = [u for u in users()
              if not {e["email_address"] for e in u["email_addresses"]} & seeds]
    print(f"{len(doomed)} users to delete ({'live' if LIVE else 'dry run'})")
    for u in doomed:
        email = u["email_addresses"][0]["email_address"] if u["email_addresses"] else u["id"]
        print(f"  {email}")
        if LIVE:
            requests.delete(f"{API}/users/{u['id']}", headers=HEADERS, timeout=30).raise_for_status()


if __name__ == "__main__":
    main()
