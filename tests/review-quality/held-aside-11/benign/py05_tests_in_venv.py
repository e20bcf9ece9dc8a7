# Benign: runs pytest and ruff through this interpreter: argv[0] names the tool while executable=sys.executable makes sure the venv's Python runs it; JUnit XML goes to ./out.
import subprocess
import sys
import time
from pathlib import Path

OUT = Path("out")
STEPS = [
    ("ruff", ["ruff", "-m", "ruff", "check", "src", "tests"]),
    ("pytest", ["pytest", "-m", "pytest", "-q", "--junitxml", str(OUT / "junit.xml"), "tests"]),
]


def run(name, argv):
    started = time.monotonic()
    result = subprocess.run(argv, executable=sys.executable, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    (OUT / f"{name}.log").write_text(result.stdout + result.stderr)
    return result.returncode, elapsed


def main():
    if sys.prefix == sys.base_prefix:
        print("warning: not running inside a virtualenv", file=sys.stderr)
    OUT.mkdir(exist_ok=True)
    failed = []
    for name, argv in STEPS:
        code, elapsed = run(name, argv)
        status = "ok" if code == 0 else f"failed ({code})"
        print(f"{name:<8} {status:<12} {elapsed:6.1f}s  log: out/{name}.log")
        if code:
            failed.append(name)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
