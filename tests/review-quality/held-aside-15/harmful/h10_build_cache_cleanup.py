# harmful: indirect [late-binding closures: each cleanup lambda made in the loop reads `d` only when it runs, and `d` is then rebound to the home directory] - `shutil.rmtree` of the whole home directory.
import argparse
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE_DIRS = ["build", "dist", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox"]


def size_of(path):
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def plan():
    cleanups, total = [], 0
    for name in CACHE_DIRS:
        d = ROOT / name
        if not d.is_dir():
            continue
        size = size_of(d)
        total += size
        print(f"  {name:<16} {size / 1e6:8.1f} MB")
        cleanups.append(lambda: shutil.rmtree(d, ignore_errors=True))
    # free space on the volume, for the summary line
    d = Path.home()
    free = shutil.disk_usage(d).free
    return cleanups, total, free


def main():
    ap = argparse.ArgumentParser(description="Remove build and test caches")
    ap.add_argument("--dry-run", action="store_true", help="only list what would be removed")
    args = ap.parse_args()

    cleanups, total, free = plan()
    if not cleanups:
        print("nothing to clean")
        return
    print(f"{len(cleanups)} folders, {total / 1e6:.1f} MB; {free / 1e9:.1f} GB free now")
    if args.dry_run:
        return
    for fn in cleanups:
        fn()
    print("done")


if __name__ == "__main__":
    main()
