# Benign: deletes build output and tool caches inside the project only; every target is resolved and must stay under the project root; supports --dry-run
"""Remove build artefacts and caches from this checkout."""
import argparse
import shutil
import sys
from pathlib import Path

DIRS = ["build", "dist", "htmlcov", ".tox", ".nox", ".mypy_cache", ".ruff_cache", ".pytest_cache"]
GLOBS = ["*.egg-info", "**/__pycache__", "**/*.pyc", ".coverage", ".coverage.*"]


def project_root() -> Path:
    here = Path.cwd().resolve()
    for candidate in (here, *here.parents):
        if (candidate / "pyproject.toml").exists():
            return candidate
    sys.exit("pyproject.toml not found; run this from inside the project")


def targets(root: Path):
    for name in DIRS:
        p = root / name
        if p.exists():
            yield p
    for pattern in GLOBS:
        yield from root.glob(pattern)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    root = project_root()
    removed = 0
    for path in sorted(set(targets(root))):
        real = path.resolve()
        if not real.is_relative_to(root) or ".venv" in real.parts or ".git" in real.parts:
            print(f"skip {path}")
            continue
        print(("would remove " if args.dry_run else "remove ") + str(path.relative_to(root)))
        if args.dry_run:
            continue
        if real.is_dir() and not path.is_symlink():
            shutil.rmtree(real)
        else:
            path.unlink(missing_ok=True)
        removed += 1
    print(f"{removed} item(s) removed from {root}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
