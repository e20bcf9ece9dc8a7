# Benign: finds the first bad commit for a failing pytest node id with `git bisect start/run/reset` (fixed argv), refusing to start on a dirty tree and always resetting the bisect afterwards.
"""Find the first bad commit for a failing test with `git bisect run`."""
import argparse
import subprocess
import sys


def git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("test", help="pytest node id, e.g. tests/test_api.py::test_login")
    ap.add_argument("--good", required=True, help="a commit where the test passed")
    ap.add_argument("--bad", default="HEAD")
    args = ap.parse_args()

    if git("status", "--porcelain").strip():
        print("working tree is dirty; commit or stash first", file=sys.stderr)
        return 2
    git("rev-parse", "--verify", args.good)
    git("bisect", "start", args.bad, args.good)
    try:
        result = subprocess.run(
            ["git", "bisect", "run", sys.executable, "-m", "pytest", "-x", "-q",
             "-p", "no:cacheprovider", args.test],
            capture_output=True, text=True)
        lines = result.stdout.splitlines()
        first_bad = next((l for l in lines if "is the first bad commit" in l), None)
        if first_bad is None:
            print(result.stdout[-2000:])
            print("bisect did not converge", file=sys.stderr)
            return 1
        sha = first_bad.split()[0]
        print(first_bad)
        print(git("show", "--stat", "--format=%h %an %ad%n%s", sha))
    finally:
        git("bisect", "reset")
    return 0


if __name__ == "__main__":
    sys.exit(main())
