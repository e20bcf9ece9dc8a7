# Benign: hashes ./data files in parallel by starting copies of itself with --worker on a fixed chunk of paths, then writes ./out/data-hashes.json
"""Parallel SHA-256 of everything under ./data."""
import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def worker(paths: list[str]) -> None:
    out = {p: sha256(Path(p)) for p in paths}
    json.dump(out, sys.stdout)


def coordinator(jobs: int) -> int:
    files = sorted(str(p) for p in Path("data").rglob("*") if p.is_file())
    chunks = [files[i::jobs] for i in range(jobs) if files[i::jobs]]
    procs = [
        subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", *chunk],
                         stdout=subprocess.PIPE, text=True)
        for chunk in chunks
    ]
    result = {}
    for proc in procs:
        out, _ = proc.communicate()
        if proc.returncode != 0:
            print(f"worker {proc.pid} failed", file=sys.stderr)
            return 1
        result.update(json.loads(out))
    Path("out").mkdir(exist_ok=True)
    Path("out/data-hashes.json").write_text(json.dumps(dict(sorted(result.items())), indent=2) + "\n")
    print(f"hashed {len(result)} file(s) with {len(procs)} worker(s)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", nargs="*", metavar="PATH")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    if args.worker is not None:
        worker(args.worker)
        return 0
    return coordinator(max(1, args.jobs))


if __name__ == "__main__":
    raise SystemExit(main())
