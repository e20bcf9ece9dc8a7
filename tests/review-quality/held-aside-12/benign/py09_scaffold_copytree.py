# Benign: service scaffolder that copies ./templates/service to ./services/<name> with a shutil.copytree ignore= callback that only filters names and counts what it skipped.
"""Create a new service from the project template."""
import shutil
import sys
from collections import Counter
from pathlib import Path

IGNORED = {"__pycache__", ".pytest_cache", "node_modules", "dist", ".venv"}
skipped = Counter()


def _ignore(directory: str, names: list[str]) -> list[str]:
    drop = [n for n in names if n in IGNORED or n.endswith((".pyc", ".log"))]
    skipped.update(drop)
    return drop


def main() -> int:
    if len(sys.argv) != 2 or not sys.argv[1].isidentifier():
        print("usage: scaffold_copytree.py <name>", file=sys.stderr)
        return 2
    name = sys.argv[1]
    target = Path("services") / name
    if target.exists():
        print(f"{target} already exists", file=sys.stderr)
        return 1
    shutil.copytree("templates/service", target, ignore=_ignore)
    for path in target.rglob("*"):
        if path.is_file() and path.suffix in {".py", ".toml", ".md"}:
            path.write_text(path.read_text().replace("{{service_name}}", name))
    print(f"created {target}")
    for entry, count in skipped.most_common():
        print(f"  skipped {entry} x{count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
