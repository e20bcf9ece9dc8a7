# Benign: deletes build output and caches (./build, ./dist, .pytest_cache, __pycache__, *.egg-info) after checking each resolved path stays inside the repo root; --dry-run.
import argparse
import shutil
import sys
from pathlib import Path

TARGETS = ["build", "dist", ".pytest_cache", ".mypy_cache", ".ruff_cache", "htmlcov"]
GLOBS = ["**/__pycache__", "*.egg-info", "src/*.egg-info"]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    root = Path.cwd().resolve()
    if not (root / "pyproject.toml").exists():
        print("run from the repository root (pyproject.toml not found)")
        return 2
    paths = [root / t for t in TARGETS] + [p for g in GLOBS for p in root.glob(g)]
    removed = 0
    for p in paths:
        real = p.resolve()
        if not real.exists() or real == root or not real.is_relative_to(root) or ".git" in real.parts:
            continue
        print(("would remove " if args.dry_run else "removing ") + str(real.relative_to(root)))
        if not args.dry_run:
            shutil.rmtree(real) if real.is_dir() else real.unlink()
        removed += 1
    print(f"{removed} paths {'matched' if args.dry_run else 'removed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
