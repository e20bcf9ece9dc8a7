# Benign: runs pytest with a fixed argument list and coverage, writes JUnit XML to ./out and prints a per-file summary
"""Run the test suite and summarise the JUnit report."""
import argparse
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

OUT = Path("out")


def run(marker: str | None, failfast: bool) -> int:
    OUT.mkdir(exist_ok=True)
    cmd = [
        sys.executable, "-m", "pytest",
        "-q",
        f"--junitxml={OUT / 'junit.xml'}",
        "--cov=src",
        f"--cov-report=xml:{OUT / 'coverage.xml'}",
    ]
    if marker:
        cmd += ["-m", marker]
    if failfast:
        cmd.append("-x")
    print("+ " + " ".join(cmd))
    return subprocess.run(cmd, check=False).returncode


def summarise(report: Path) -> None:
    if not report.exists():
        print("no JUnit report written")
        return
    root = ET.parse(report).getroot()
    per_file = Counter()
    failed = []
    for case in root.iter("testcase"):
        name = case.get("classname", "?").rsplit(".", 1)[0]
        per_file[name] += 1
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(f"{case.get('classname')}::{case.get('name')}")
    for name, n in sorted(per_file.items()):
        print(f"  {n:>4}  {name}")
    if failed:
        print("failed:")
        for f in failed:
            print(f"  - {f}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("-m", "--marker", help="only run tests with this marker")
    ap.add_argument("-x", "--failfast", action="store_true")
    args = ap.parse_args()
    rc = run(args.marker, args.failfast)
    summarise(OUT / "junit.xml")
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
