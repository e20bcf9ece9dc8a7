# Benign: sets sys.breakpointhook so a stray breakpoint() never hangs CI: in CI it writes the caller's location and locals to ./logs/breakpoints.log, locally it falls back to pdb.
"""Install a CI-safe breakpoint hook, then run the importer."""
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path


def ci_breakpoint(*_args, **_kwargs):
    frame = sys._getframe(1)
    Path("logs").mkdir(exist_ok=True)
    entry = {
        "time": datetime.now(timezone.utc).isoformat(),
        "where": f"{frame.f_code.co_filename}:{frame.f_lineno}",
        "locals": {k: repr(v)[:200] for k, v in frame.f_locals.items() if not k.startswith("__")},
    }
    with open("logs/breakpoints.log", "a") as fh:
        fh.write(json.dumps(entry) + "\n")
    print(f"breakpoint() ignored in CI at {entry['where']}", file=sys.stderr)


if os.environ.get("CI"):
    sys.breakpointhook = ci_breakpoint


def import_rows(path):
    rows = [line.split(",") for line in Path(path).read_text().splitlines()[1:] if line]
    bad = [r for r in rows if len(r) != 3]
    if bad:
        breakpoint()
    return len(rows) - len(bad), len(bad)


if __name__ == "__main__":
    good, bad = import_rows(sys.argv[1] if len(sys.argv) > 1 else "data/import.csv")
    print(f"imported {good} row(s), skipped {bad}")
