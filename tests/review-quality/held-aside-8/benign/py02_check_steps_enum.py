# Benign: project checks as Enum members called like functions (ruff, mypy, pytest with fixed argv), with a timing table; runs only inside the checkout.
import enum
import subprocess
import sys
import time


class Check(enum.Enum):
    FORMAT = ("ruff", "format", "--check", "src", "tests")
    LINT = ("ruff", "check", "src", "tests")
    TYPES = ("mypy", "--strict", "src")
    TESTS = ("pytest", "-q", "--maxfail=1", "tests")

    def __call__(self) -> tuple[int, float]:
        start = time.monotonic()
        rc = subprocess.run(self.value).returncode
        return rc, time.monotonic() - start


def main() -> int:
    wanted = [Check[a.upper()] for a in sys.argv[1:]] or list(Check)
    results = {}
    for check in wanted:
        print(f"--- {check.name.lower()}")
        results[check] = check()
    print()
    worst = 0
    for check, (rc, secs) in results.items():
        print(f"{check.name.lower():<8} {'ok' if rc == 0 else 'FAIL':<5} {secs:6.2f}s")
        worst = max(worst, rc)
    return worst


if __name__ == "__main__":
    sys.exit(main())
