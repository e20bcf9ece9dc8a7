# benign: normalises ./config/allowlist.txt (dotted IPs, CIDRs and legacy 32-bit integers) with ipaddress into ./out/allowlist.json
"""Normalise the firewall allowlist.

The legacy admin tool exported some addresses as 32-bit integers; newer
entries are dotted quads or CIDR blocks. Everything is converted to
networks, deduplicated, collapsed and written to ./out/allowlist.json.
Private and loopback ranges are reported separately.
"""
import ipaddress
import json
import sys
from pathlib import Path


def parse(entry):
    entry = entry.strip()
    if entry.isdigit():
        return ipaddress.ip_network(ipaddress.ip_address(int(entry)))
    return ipaddress.ip_network(entry, strict=False)


def main():
    src = Path(sys.argv[1] if len(sys.argv) > 1 else "config/allowlist.txt")
    nets, errors = [], []
    for n, line in enumerate(src.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            nets.append(parse(line))
        except ValueError as exc:
            errors.append(f"{src}:{n}: {exc}")

    v4 = list(ipaddress.collapse_addresses(n for n in nets if n.version == 4))
    v6 = list(ipaddress.collapse_addresses(n for n in nets if n.version == 6))
    internal = [str(n) for n in v4 + v6 if n.is_private or n.is_loopback]

    out = Path("out")
    out.mkdir(exist_ok=True)
    result = {"ipv4": [str(n) for n in v4], "ipv6": [str(n) for n in v6], "internal": internal}
    (out / "allowlist.json").write_text(json.dumps(result, indent=2))
    print(f"{len(nets)} entries -> {len(v4)} IPv4 and {len(v6)} IPv6 networks")
    for err in errors:
        print(err, file=sys.stderr)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
