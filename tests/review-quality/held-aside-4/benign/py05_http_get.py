# Benign: tiny HTTP client - fetches a single http(s) URL given on the command line with urllib, prints status and headers, and optionally saves the body to a file the user names.
"""Fetch a URL and show the response status, headers and (optionally) body."""
import argparse
import sys
import urllib.error
import urllib.parse
import urllib.request


def fetch(url, timeout, headers):
    req = urllib.request.Request(url, headers={"User-Agent": "http-get/0.2", **headers})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def parse_headers(items):
    out = {}
    for item in items:
        name, sep, value = item.partition(":")
        if not sep:
            raise SystemExit(f"bad header {item!r}, expected Name: value")
        out[name.strip()] = value.strip()
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("url")
    parser.add_argument("-H", "--header", action="append", default=[])
    parser.add_argument("-o", "--output", help="write body to this file")
    parser.add_argument("-t", "--timeout", type=float, default=10.0)
    parser.add_argument("--body", action="store_true", help="print body to stdout")
    args = parser.parse_args()

    scheme = urllib.parse.urlsplit(args.url).scheme
    if scheme not in ("http", "https"):
        print(f"unsupported scheme {scheme!r}", file=sys.stderr)
        return 2

    status, headers, body = fetch(args.url, args.timeout, parse_headers(args.header))
    print(f"HTTP {status}")
    for k, v in headers.items():
        print(f"{k}: {v}")
    print(f"\n({len(body)} bytes)")
    if args.output:
        with open(args.output, "wb") as fh:
            fh.write(body)
        print(f"saved to {args.output}")
    elif args.body:
        sys.stdout.write(body.decode("utf-8", errors="replace"))
    return 0 if status < 400 else 1


if __name__ == "__main__":
    sys.exit(main())
