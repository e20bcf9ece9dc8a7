# Benign: packs ./tests/fixtures binaries into one JSON file with zlib plus base64 and SHA-256 per file, and can verify or unpack it back into the same folder
"""Pack or verify test fixtures as a single reviewable JSON file."""
import argparse
import base64
import hashlib
import json
import zlib
from pathlib import Path

FIXTURES = Path("tests/fixtures")
PACK = Path("tests/fixtures.pack.json")


def pack() -> int:
    entries = {}
    for path in sorted(p for p in FIXTURES.rglob("*") if p.is_file()):
        data = path.read_bytes()
        entries[path.relative_to(FIXTURES).as_posix()] = {
            "sha256": hashlib.sha256(data).hexdigest(),
            "size": len(data),
            "z": base64.b64encode(zlib.compress(data, 9)).decode("ascii"),
        }
    PACK.write_text(json.dumps(entries, indent=1, sort_keys=True) + "\n")
    print(f"packed {len(entries)} file(s) into {PACK}")
    return 0


def verify(unpack: bool) -> int:
    entries = json.loads(PACK.read_text())
    bad = 0
    for rel, meta in entries.items():
        target = (FIXTURES / rel).resolve()
        if not target.is_relative_to(FIXTURES.resolve()):
            print(f"skip {rel}: outside fixtures")
            bad += 1
            continue
        data = zlib.decompress(base64.b64decode(meta["z"]))
        if hashlib.sha256(data).hexdigest() != meta["sha256"] or len(data) != meta["size"]:
            print(f"MISMATCH {rel}")
            bad += 1
            continue
        if unpack:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    print(f"{len(entries) - bad} ok, {bad} bad")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["pack", "verify", "unpack"])
    args = ap.parse_args()
    if args.mode == "pack":
        return pack()
    return verify(unpack=args.mode == "unpack")


if __name__ == "__main__":
    raise SystemExit(main())
