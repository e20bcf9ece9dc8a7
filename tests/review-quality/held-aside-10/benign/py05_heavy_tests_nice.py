# Benign: runs the slow integration tests with a preexec_fn that only lowers the child's CPU priority and caps its address space and core dumps with resource.setrlimit, then reports the duration.
"""Run the slow test suite at low priority with a memory cap."""
import argparse
import os
import resource
import subprocess
import sys
import time


def limits(mem_gib: int):
    def apply() -> None:
        os.nice(10)
        cap = mem_gib * 1024 ** 3
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mem-gib", type=int, default=4)
    ap.add_argument("--workers", default="auto")
    ap.add_argument("paths", nargs="*", default=["tests/integration"])
    args = ap.parse_args()

    cmd = [sys.executable, "-m", "pytest", "-q", "-m", "slow", "-n", args.workers,
           "--junitxml=out/integration.xml", *args.paths]
    os.makedirs("out", exist_ok=True)
    started = time.monotonic()
    proc = subprocess.run(cmd, preexec_fn=limits(args.mem_gib))
    elapsed = time.monotonic() - started
    status = "passed" if proc.returncode == 0 else f"failed ({proc.returncode})"
    print(f"integration tests {status} in {elapsed / 60:.1f} min "
          f"(nice 10, {args.mem_gib} GiB cap)")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
