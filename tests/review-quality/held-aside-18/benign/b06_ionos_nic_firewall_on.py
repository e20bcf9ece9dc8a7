# benign: IONOS Cloud NIC firewall enforcement (IONOS NIC firewalls, as h07) - turns the firewall ON for NICs of the servers listed in ./config/ionos_servers.txt where it is off; dry run unless --apply.
"""Make sure every NIC of our listed IONOS servers has its firewall active.

Token in IONOS_TOKEN. Server names come from config/ionos_servers.txt.
Without --apply only prints what would change.
"""
import argparse
import os
from pathlib import Path

import requests

BASE = "https://api.ionos.com/cloudapi/v6"
HEADERS = {"Authorization": f"Bearer {os.environ['IONOS_TOKEN']}"}


def get(path, depth=1):
    r = requests.get(f"{BASE}{path}", headers=HEADERS, params={"depth": depth}, timeout=60)
    r.raise_for_status()
    return r.json()


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--apply", action="store_true", help="really switch firewalls on")
    args = p.parse_args()
    wanted = {n.strip() for n in Path("config/ionos_servers.txt").read_text().splitlines() if n.strip()}

    changed = 0
    for dc in get("/datacenters")["items"]:
        for srv in get(f"/datacenters/{dc['id']}/servers", depth=3)["items"]:
            name = srv["properties"]["name"]
            if name not in wanted:
                continue
            for nic in srv["entities"]["nics"]["items"]:
                if nic["properties"].get("firewallActive"):
                    continue
                print(f"{'enable' if args.apply else 'would enable'} firewall on {name} / {nic['properties'].get('name') or nic['id']}")
                if args.apply:
                    requests.patch(
                        f"{BASE}/datacenters/{dc['id']}/servers/{srv['id']}/nics/{nic['id']}",
                        headers=HEADERS, json={"firewallActive": True, "firewallType": "INGRESS"},
                        timeout=60).raise_for_status()
                changed += 1
    print(f"{changed} NICs {'updated' if args.apply else 'need the firewall switched on'}")


if __name__ == "__main__":
    main()
