# Benign: build cleanup - deletes ./build, ./dist, *.egg-info and __pycache__ directories inside the current project only, refusing any path that resolves outside it; supports --dry-run.
"""Remove build artefacts from the current project directory."""
import argparse
import shutil
import sys
from pathlib import Path

TOP_LEVEL = ["build", "dist", ".pytest_cache", ".mypy_cache", "htmlcov"]
PATTERNS = ["*.egg-info", "**/__pycache__"]


def inside(root, path):
    try:
        path.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def targets(root):
    found = []
    for name in TOP_LEVEL:
        p = root / name
        if p.exists():
            found.append(p)
    for pattern in PATTERNS:
        found.extend(p for p in root.glob(pattern) if p.is_dir())
    # never descend into virtualenvs or VCS metadata
    skip = {".git", ".venv", "venv", "node_modules"}
    return [p for p in found if not (set(p.relative_to(root).parts) & skip)]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    root = Path.cwd().resolve()
    if not (root / "pyproject.toml").exists() and not (root / "setup.py").exists():
        print("not a Python project root; refusing to clean", file=sys.stderr)
        return 2

    removed = 0
    for path in sorted(set(targets(root))):
        if not inside(root, path) or path.is_symlink():
            print(f"skip {path} (outside project or symlink)")
            continue
        rel = path.relative_to(root)
        if args.dry_run:
            print(f"would remove {rel}")
        else:
            shutil.rmtree(path, ignore_errors=True)
            print(f"removed {rel}")
        removed += 1
    print(f"{removed} item(s) {'matched' if args.dry_run else 'removed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
