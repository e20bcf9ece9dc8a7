# Benign: local quality gate - runs pytest, ruff and mypy through subprocess with fixed argument lists in the current project and summarises their exit codes.
"""Run the project's standard checks and print a compact summary.

Each check is a fixed command; nothing from the environment or the
command line is interpolated into a shell.
"""
import argparse
import shutil
import subprocess
import sys
import time

CHECKS = {
    "tests": [sys.executable, "-m", "pytest", "-q", "tests"],
    "lint": ["ruff", "check", "src", "tests"],
    "types": ["mypy", "src"],
}


def run_check(name, argv, verbose):
    if shutil.which(argv[0]) is None and argv[0] != sys.executable:
        return name, None, 0.0, f"{argv[0]} not installed"
    start = time.monotonic()
    proc = subprocess.run(
        argv,
        stdout=None if verbose else subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    elapsed = time.monotonic() - start
    tail = ""
    if not verbose and proc.returncode != 0 and proc.stdout:
        tail = "\n".join(proc.stdout.strip().splitlines()[-15:])
    return name, proc.returncode, elapsed, tail


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("only", nargs="*", choices=sorted(CHECKS), help="subset of checks")
    parser.add_argument("-v", "--verbose", action="store_true", help="stream tool output")
    args = parser.parse_args()

    selected = args.only or list(CHECKS)
    failed = 0
    for name in selected:
        name, code, elapsed, detail = run_check(name, CHECKS[name], args.verbose)
        if code is None:
            print(f"SKIP  {name:6s}  ({detail})")
            continue
        status = "PASS" if code == 0 else "FAIL"
        print(f"{status}  {name:6s}  {elapsed:6.1f}s")
        if code != 0:
            failed += 1
            if detail:
                print("      " + detail.replace("\n", "\n      "))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
