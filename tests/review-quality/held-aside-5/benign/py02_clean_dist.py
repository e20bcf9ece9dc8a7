# Benign: deletes ./build, ./dist, *.egg-info and __pycache__ directories, refusing anything that resolves outside the project root; supports --dry-run
import argparse
import shutil
import sys
from pathlib import Path

TOP_LEVEL = ("build", "dist", ".pytest_cache", ".mypy_cache", "htmlcov")


def inside(root, path):
    try:
        path.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def targets(root):
    for name in TOP_LEVEL:
        p = root / name
        if p.exists():
            yield p
    yield from root.glob("*.egg-info")
    for p in root.rglob("__pycache__"):
        if ".venv" not in p.parts and "node_modules" not in p.parts:
            yield p


def main():
    ap = argparse.ArgumentParser(description="remove build output")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    root = Path.cwd().resolve()
    if not (root / "pyproject.toml").exists() and not (root / "setup.cfg").exists():
        sys.exit("run this from the project root (no pyproject.toml or setup.cfg here)")

    removed = 0
    for p in sorted(set(targets(root))):
        if p.is_symlink() or not inside(root, p):
            print(f"skip {p} (outside project or symlink)")
            continue
        print(("would remove " if args.dry_run else "remove ") + str(p.relative_to(root)))
        if not args.dry_run:
            shutil.rmtree(p) if p.is_dir() else p.unlink()
        removed += 1
    print(f"{removed} path(s) {'to remove' if args.dry_run else 'removed'}")


if __name__ == "__main__":
    main()
