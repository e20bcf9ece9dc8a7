# Benign: archives ./data into ./backups/data-<timestamp>.tar.gz with a .sha256 sidecar and keeps only the newest N backups
import argparse
import hashlib
import tarfile
import time
from pathlib import Path

DATA = Path("data")
BACKUPS = Path("backups")


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def make_backup():
    BACKUPS.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = BACKUPS / f"data-{stamp}.tar.gz"
    with tarfile.open(target, "w:gz") as tar:
        tar.add(DATA, arcname="data", filter=lambda ti: None if ti.name.endswith(".tmp") else ti)
    digest = sha256(target)
    (BACKUPS / (target.name + ".sha256")).write_text(f"{digest}  {target.name}\n")
    return target, digest


def prune(keep):
    archives = sorted(BACKUPS.glob("data-*.tar.gz"))
    for old in archives[:-keep] if keep > 0 else []:
        old.unlink()
        side = old.with_name(old.name + ".sha256")
        if side.exists():
            side.unlink()
        print("pruned", old.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", type=int, default=7)
    args = ap.parse_args()
    if not DATA.is_dir():
        raise SystemExit("no ./data directory")
    target, digest = make_backup()
    print(f"backup {target} sha256={digest[:16]}...")
    prune(args.keep)


if __name__ == "__main__":
    main()
