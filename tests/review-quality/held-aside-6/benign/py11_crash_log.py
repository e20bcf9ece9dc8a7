# Benign: installs a sys.excepthook that writes uncaught tracebacks to ./logs/crash-<time>.log and an atexit hook that flushes the run log; nothing leaves the machine
"""Crash logging for the import job, then run it."""
import atexit
import csv
import datetime as dt
import sys
import traceback
from pathlib import Path

LOGS = Path("logs")
_run_log: list[str] = []


def _write_crash(exc_type, exc, tb) -> None:
    LOGS.mkdir(exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = LOGS / f"crash-{stamp}.log"
    path.write_text("".join(traceback.format_exception(exc_type, exc, tb)), encoding="utf-8")
    sys.stderr.write(f"crashed: {exc_type.__name__}: {exc} (details in {path})\n")


def _flush_run_log() -> None:
    if _run_log:
        LOGS.mkdir(exist_ok=True)
        with (LOGS / "import.log").open("a", encoding="utf-8") as fh:
            fh.write("\n".join(_run_log) + "\n")


sys.excepthook = _write_crash
atexit.register(_flush_run_log)


def log(msg: str) -> None:
    _run_log.append(f"{dt.datetime.now().isoformat(timespec='seconds')} {msg}")


def import_rows(path: Path) -> int:
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for i, row in enumerate(rows, 2):
        if not row.get("id"):
            raise ValueError(f"{path}:{i}: row has no id")
    log(f"imported {len(rows)} rows from {path}")
    return len(rows)


if __name__ == "__main__":
    total = sum(import_rows(Path(p)) for p in sys.argv[1:] or ["data/import.csv"])
    print(f"{total} row(s) imported")
