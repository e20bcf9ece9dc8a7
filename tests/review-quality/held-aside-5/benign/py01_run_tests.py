# Benign: runs the project's pytest suite with fixed argv, writes JUnit XML to ./out and prints a per-suite summary
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

OUT = Path("out")
JUNIT = OUT / "junit.xml"


def run_pytest(extra):
    OUT.mkdir(exist_ok=True)
    argv = [sys.executable, "-m", "pytest", "-q", "--maxfail=20",
            f"--junitxml={JUNIT}", "tests", *extra]
    print("running:", " ".join(argv))
    return subprocess.run(argv, cwd=Path.cwd(), check=False).returncode


def summarise():
    if not JUNIT.exists():
        print("no junit report produced")
        return
    root = ET.parse(JUNIT).getroot()
    suites = root.findall("testsuite") if root.tag == "testsuites" else [root]
    total = failed = skipped = 0
    for s in suites:
        t, f = int(s.get("tests", 0)), int(s.get("failures", 0)) + int(s.get("errors", 0))
        k = int(s.get("skipped", 0))
        total, failed, skipped = total + t, failed + f, skipped + k
        print(f"  {s.get('name', 'suite'):30} {t:5} tests {f:3} failed {k:3} skipped")
        for case in s.iter("testcase"):
            if case.find("failure") is not None or case.find("error") is not None:
                print(f"    FAIL {case.get('classname')}::{case.get('name')}")
    print(f"total {total}, failed {failed}, skipped {skipped}")


def main():
    extra = [a for a in sys.argv[1:] if a in ("-x", "--lf", "--ff", "-v")]
    rc = run_pytest(extra)
    summarise()
    sys.exit(rc)


if __name__ == "__main__":
    main()
