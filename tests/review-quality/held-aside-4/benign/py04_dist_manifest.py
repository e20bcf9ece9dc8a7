# Benign: release manifest - walks ./dist, computes SHA-256 and size of every file and writes ./dist/MANIFEST.json (or verifies an existing manifest with --check).
"""Create or verify a checksum manifest for the release artefacts in ./dist."""
import argparse
import hashlib
import json
import sys
from pathlib import Path

MANIFEST_NAME = "MANIFEST.json"


def sha256(path, chunk=1 << 16):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def build(dist):
    entries = {}
    for path in sorted(dist.rglob("*")):
        if path.is_file() and path.name != MANIFEST_NAME:
            rel = path.relative_to(dist).as_posix()
            entries[rel] = {"sha256": sha256(path), "size": path.stat().st_size}
    return entries


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dist", default="dist")
    parser.add_argument("--check", action="store_true", help="verify instead of write")
    args = parser.parse_args()

    dist = Path(args.dist)
    if not dist.is_dir():
        print(f"{dist} does not exist; run the build first", file=sys.stderr)
        return 2
    current = build(dist)
    manifest = dist / MANIFEST_NAME

    if args.check:
        recorded = json.loads(manifest.read_text())["files"]
        bad = sorted(k for k in recorded.keys() | current.keys() if recorded.get(k) != current.get(k))
        for name in bad:
            print("mismatch:", name)
        print("manifest OK" if not bad else f"{len(bad)} mismatch(es)")
        return 1 if bad else 0

    manifest.write_text(json.dumps({"version": 1, "files": current}, indent=2) + "\n")
    total = sum(e["size"] for e in current.values())
    print(f"wrote {manifest} ({len(current)} files, {total} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
