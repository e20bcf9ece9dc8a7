# Benign: runs ruff, mypy and pytest through functools.partial wrappers around subprocess.run with fixed argv, and prints a pass/fail table.
"""Run the project's checks and summarise them."""
import functools
import subprocess
import sys
import time

run = functools.partial(subprocess.run, capture_output=True, text=True, check=False)
py_module = functools.partial(lambda mod, *args: run([sys.executable, "-m", mod, *args]))

CHECKS = {
    "ruff": functools.partial(py_module, "ruff", "check", "src", "tests"),
    "mypy": functools.partial(py_module, "mypy", "src"),
    "pytest": functools.partial(py_module, "pytest", "-q", "--maxfail=20", "tests"),
}


def main(selected):
    results = []
    for name, check in CHECKS.items():
        if selected and name not in selected:
            continue
        t0 = time.perf_counter()
        proc = check()
        results.append((name, proc.returncode, time.perf_counter() - t0))
        if proc.returncode:
            print(f"--- {name} output ---")
            print((proc.stdout + proc.stderr).strip()[-2000:])
    print(f"{'check':8s} {'status':6s} time")
    for name, rc, dt in results:
        print(f"{name:8s} {'ok' if rc == 0 else 'FAIL':6s} {dt:.1f}s")
    return 1 if any(rc for _, rc, _ in results) else 0


if __name__ == "__main__":
    sys.exit(main(set(sys.argv[1:])))
