# Benign: a PathLike whose __fspath__ puts build reports under ./out/<git short sha>/ so runs don't overwrite each other; writes a JSON summary of ./data/*.csv.
import csv
import json
import subprocess
import sys
from pathlib import Path


class RunPath:
    """os.PathLike that resolves to out/<commit>/<name> and creates the directory."""

    def __init__(self, name: str):
        self.name = name

    def __fspath__(self) -> str:
        sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        folder = Path("out") / (sha or "nogit")
        folder.mkdir(parents=True, exist_ok=True)
        return str(folder / self.name)


def summarize(path: Path) -> dict:
    with path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    return {"file": path.name, "rows": len(rows), "columns": list(rows[0].keys()) if rows else []}


def main() -> int:
    files = sorted(Path("data").glob("*.csv"))
    summary = [summarize(p) for p in files]
    target = RunPath("data-summary.json")
    with open(target, "w") as fh:
        json.dump(summary, fh, indent=2)
    print(f"{len(summary)} files summarized -> {target.__fspath__()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
