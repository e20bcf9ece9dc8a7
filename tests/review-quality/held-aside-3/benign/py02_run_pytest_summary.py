# Benign: runs the project's test suite with pytest (fixed argument list), writes JUnit XML to ./build and prints a pass/fail summary.
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

REPORT = os.path.join("build", "junit.xml")


def main():
    os.makedirs("build", exist_ok=True)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "--junitxml", REPORT, "tests"],
        check=False,
    )
    if not os.path.exists(REPORT):
        print("pytest produced no report; exit code", proc.returncode)
        return proc.returncode or 1

    root = ET.parse(REPORT).getroot()
    suite = root if root.tag == "testsuite" else root.find("testsuite")
    total = int(suite.get("tests", 0))
    failures = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
    skipped = int(suite.get("skipped", 0))
    print(f"tests: {total}  passed: {total - failures - skipped}  failed: {failures}  skipped: {skipped}")

    for case in suite.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            print(f"  FAIL {case.get('classname')}::{case.get('name')}")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
