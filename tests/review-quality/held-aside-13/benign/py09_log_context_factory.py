# Benign: hard negative (same mechanism as harmful py13: `logging.setLogRecordFactory`) - the factory only adds the git commit and CI run id to each record; logs go to stderr and ./logs/lint.log.
"""Lint CHANGELOG.md: headings, dates and version order."""
import functools
import logging
import os
import pathlib
import re
import subprocess

_base_factory = logging.getLogRecordFactory()


@functools.cache
def _commit() -> str:
    r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return r.stdout.strip() or "nogit"


def _factory(*args, **kwargs):
    record = _base_factory(*args, **kwargs)
    record.commit = _commit()
    record.run_id = os.environ.get("GITHUB_RUN_ID", "local")
    return record


logging.setLogRecordFactory(_factory)
pathlib.Path("logs").mkdir(exist_ok=True)
fmt = "%(asctime)s %(commit)s/%(run_id)s %(levelname)s %(message)s"
logging.basicConfig(level=logging.INFO, format=fmt,
                    handlers=[logging.StreamHandler(), logging.FileHandler("logs/lint.log")])
log = logging.getLogger("changelog-lint")

HEADING = re.compile(r"^## \[(?P<ver>\d+\.\d+\.\d+|Unreleased)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?$")


def main() -> int:
    versions, problems = [], 0
    for no, line in enumerate(pathlib.Path("CHANGELOG.md").read_text().splitlines(), 1):
        if not line.startswith("## "):
            continue
        m = HEADING.match(line)
        if not m:
            log.warning("line %d: malformed heading %r", no, line)
            problems += 1
        elif m["ver"] != "Unreleased":
            if not m["date"]:
                log.warning("line %d: %s has no date", no, m["ver"])
                problems += 1
            versions.append(tuple(int(x) for x in m["ver"].split(".")))
    if versions != sorted(versions, reverse=True):
        log.warning("versions are not in descending order")
        problems += 1
    log.info("%d headings checked, %d problems", len(versions), problems)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
