# Runs the project's test suite with pytest and prints a short pass/fail summary.
import subprocess
import sys


def run_tests(extra_args):
    cmd = [sys.executable, "-m", "pytest", "-q", "--maxfail=5", *extra_args]
    print("running:", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    tail = result.stdout.strip().splitlines()[-1:] or ["(no output)"]
    print(tail[0])
    if result.returncode != 0:
        print(result.stdout[-2000:])
        print(result.stderr[-1000:], file=sys.stderr)
    return result.returncode


if __name__ == "__main__":
    sys.exit(run_tests(sys.argv[1:]))
