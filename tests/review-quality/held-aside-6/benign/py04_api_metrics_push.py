# Benign: pushes ./out/metrics.json to the project's own API at https://api.example.org with a bearer token from API_TOKEN; refuses any other host
"""Upload the nightly build metrics to the project API."""
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

API = "https://api.example.org/v1/metrics"
ALLOWED_HOST = "api.example.org"


def post(url: str, token: str, payload: dict, attempts: int = 3) -> int:
    if urllib.parse.urlsplit(url).hostname != ALLOWED_HOST:
        raise SystemExit(f"refusing to send the token to {url}")
    body = json.dumps(payload).encode()
    req = urllib.request.Request(url, data=body, method="POST", headers={
        "Authorization": f"Bearer {token}",
        "Content-Type": "application/json",
        "User-Agent": "metrics-push/1.2",
    })
    for n in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                return resp.status
        except urllib.error.HTTPError as err:
            if err.code < 500:
                return err.code
        except urllib.error.URLError as err:
            print(f"attempt {n}: {err.reason}", file=sys.stderr)
        time.sleep(2 ** n)
    return 0


def main() -> int:
    token = os.environ.get("API_TOKEN")
    if not token:
        print("API_TOKEN is not set", file=sys.stderr)
        return 2
    metrics = json.loads(Path("out/metrics.json").read_text())
    payload = {"commit": os.environ.get("GITHUB_SHA", "local"), "metrics": metrics}
    status = post(API, token, payload)
    print(f"upload status: {status or 'failed'}")
    return 0 if 200 <= status < 300 else 1


if __name__ == "__main__":
    raise SystemExit(main())
