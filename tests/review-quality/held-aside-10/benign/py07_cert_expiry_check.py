# Benign: connects with the default TLS context to each host in ./domains.txt, reports days until certificate expiry to stdout and ./out/cert-expiry.csv, and exits non-zero when one is close to expiry or fails verification.
"""Report days until expiry for the TLS certificates of the hosts in domains.txt."""
import csv
import datetime as dt
import socket
import ssl
import sys
from pathlib import Path

WARN_DAYS = 21


def days_left(host: str, port: int = 443) -> int:
    ctx = ssl.create_default_context()
    with socket.create_connection((host, port), timeout=8) as sock:
        with ctx.wrap_socket(sock, server_hostname=host) as tls:
            cert = tls.getpeercert()
    expires = dt.datetime.strptime(cert["notAfter"], "%b %d %H:%M:%S %Y %Z")
    return (expires - dt.datetime.utcnow()).days


def main() -> int:
    hosts = [h.strip() for h in Path("domains.txt").read_text().splitlines()
             if h.strip() and not h.startswith("#")]
    rows = []
    worst = 0
    for host in hosts:
        try:
            left = days_left(host)
            status = "renew" if left < WARN_DAYS else "ok"
        except ssl.SSLCertVerificationError as exc:
            left, status = -1, f"verify failed: {exc.verify_message}"
        except OSError as exc:
            left, status = -1, f"unreachable: {exc}"
        if status != "ok":
            worst = 1
        rows.append((host, left, status))
        print(f"{host:40} {left:5d}  {status}")
    out = Path("out/cert-expiry.csv")
    out.parent.mkdir(exist_ok=True)
    with out.open("w", newline="") as fh:
        csv.writer(fh).writerows([("host", "days_left", "status"), *rows])
    return worst


if __name__ == "__main__":
    sys.exit(main())
