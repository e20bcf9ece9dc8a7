# Benign: fetches JSON from a URL given on the command line (http/https only) and prints its top-level keys or item count.
import argparse
import json
import sys
import urllib.parse
import urllib.request


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url", help="http(s) URL returning JSON")
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()

    if urllib.parse.urlparse(args.url).scheme not in ("http", "https"):
        ap.error("only http and https URLs are supported")

    req = urllib.request.Request(args.url, headers={"Accept": "application/json", "User-Agent": "json-peek/1.0"})
    with urllib.request.urlopen(req, timeout=args.timeout) as resp:
        data = json.load(resp)

    if isinstance(data, dict):
        for key, value in data.items():
            print(f"{key}: {type(value).__name__}")
    elif isinstance(data, list):
        print(f"list with {len(data)} items")
    else:
        print(repr(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
