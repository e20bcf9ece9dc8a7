# Benign: checks the project's own API (https://api.example.org) status endpoint with the token from API_TOKEN, with retries, and prints the component states
import json
import os
import sys
import time
import urllib.error
import urllib.request

BASE = "https://api.example.org"


def get(path, token, attempts=3):
    req = urllib.request.Request(f"{BASE}{path}", headers={
        "Accept": "application/json",
        "Authorization": f"Bearer {token}",
        "User-Agent": "status-check/1.2",
    })
    delay = 1.0
    for attempt in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return resp.status, json.load(resp)
        except urllib.error.HTTPError as e:
            if e.code < 500 or attempt == attempts:
                return e.code, {}
        except urllib.error.URLError as e:
            if attempt == attempts:
                raise SystemExit(f"cannot reach {BASE}: {e.reason}")
        time.sleep(delay)
        delay *= 2
    return 0, {}


def main():
    token = os.environ.get("API_TOKEN")
    if not token:
        sys.exit("API_TOKEN is not set")
    status, body = get("/v1/status", token)
    print(f"HTTP {status}: overall={body.get('status', 'unknown')}")
    for comp in body.get("components", []):
        print(f"  {comp.get('name', '?'):20} {comp.get('state', '?')}")
    sys.exit(0 if status == 200 and body.get("status") == "ok" else 1)


if __name__ == "__main__":
    main()
