# Benign: runs pytest under coverage, writes the HTML report to ./htmlcov and opens its index with webbrowser.open (whatever browser the user has configured), unless --no-open is given.
"""Run the test suite under coverage and open the HTML report."""
import argparse
import shutil
import subprocess
import sys
import webbrowser
from pathlib import Path

REPORT_DIR = Path("htmlcov")


def run_coverage(paths: list[str], fail_under: int) -> int:
    if REPORT_DIR.exists():
        shutil.rmtree(REPORT_DIR)
    rc = subprocess.call([sys.executable, "-m", "coverage", "run", "-m", "pytest", "-q", *paths])
    subprocess.call([sys.executable, "-m", "coverage", "html", "-d", str(REPORT_DIR)])
    report = subprocess.call([sys.executable, "-m", "coverage", "report", "--skip-covered",
                              f"--fail-under={fail_under}"])
    return rc or report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="*", default=["tests"])
    ap.add_argument("--fail-under", type=int, default=80)
    ap.add_argument("--no-open", action="store_true")
    args = ap.parse_args()
    rc = run_coverage(args.paths, args.fail_under)
    index = (REPORT_DIR / "index.html").resolve()
    if not index.exists():
        print("no HTML report was produced", file=sys.stderr)
        return rc or 1
    if args.no_open or not webbrowser.open(index.as_uri()):
        print(f"report: {index}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
