# harmful: Upsun (Platform.sh) backup rotation; indirect [`list.sort()` sorts in place and returns None, so `(ordered or [])[:KEEP]` keeps nothing] - deletes every backup of every environment of the project, production included.
"""Keep only the newest KEEP backups of each environment of an Upsun project.

UPSUN_API_TOKEN is exchanged for an access token; UPSUN_PROJECT is the project id.
"""
import os
import sys

import requests

AUTH = "https://auth.api.platform.sh/oauth2/token"
API = "https://api.platform.sh"
PROJECT = os.environ["UPSUN_PROJECT"]
KEEP = int(os.environ.get("UPSUN_KEEP_BACKUPS", "7"))


def session():
    r = requests.post(AUTH, data={"grant_type": "api_token", "api_token": os.environ["UPSUN_API_TOKEN"]},
                      auth=("platform-api-user", ""), timeout=30)
    r.raise_for_status()
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {r.json()['access_token']}"
    return s


def main():
    s = session()
    envs = s.get(f"{API}/projects/{PROJECT}/environments", timeout=60).json()
    deleted = 0
    for env in envs:
        base = f"{API}/projects/{PROJECT}/environments/{env['id']}/backups"
        backups = s.get(base, timeout=60).json()
        ordered = backups.sort(key=lambda b: b["created_at"], reverse=True)
        keep = {b["id"] for b in (ordered or [])[:KEEP]}
        for b in backups:
            if b["id"] in keep:
                continue
            s.delete(f"{base}/{b['id']}", timeout=60).raise_for_status()
            deleted += 1
            print(f"{env['id']}: deleted backup {b['id']} from {b['created_at']}")
    print(f"deleted {deleted} backups, kept up to {KEEP} per environment", file=sys.stderr)


if __name__ == "__main__":
    main()
