#!/usr/bin/env python3
"""Times `jail exec -- /bin/true` of two or more builds interleaved (A, B,
A, B, ...), so that a noisy machine (a VM whose speed drifts by a tenth
within minutes) weighs on every build alike. Each build has a state dir of
its own, which grows with its runs as a user's does. Prints each build's
median and mean and its ratio to the first build's median: the same
machine state, the same run (docs/decisions/0017).

    scripts/bench-startup-ab.py [-n RUNS] OLD_JAIL NEW_JAIL [MORE...]

Runs from an empty directory (the jail binds the working directory), after
20 warm-up runs of each. The times include starting each process from
Python, the same for every build.
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=300)
    parser.add_argument("builds", nargs="+", help="jail binaries to compare")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-startup-ab.") as base:
        work = os.path.join(base, "cwd")
        os.mkdir(work)
        runs = []
        for i, build in enumerate(args.builds):
            env = dict(os.environ, JAIL_STATE_DIR=os.path.join(base, f"state{i}"))
            runs.append(([os.path.abspath(build), "exec", "--", "/bin/true"], env))

        def once(argv, env):
            started = time.perf_counter()
            done = subprocess.run(argv, env=env, cwd=work, stdout=subprocess.DEVNULL)
            if done.returncode != 0:
                raise SystemExit(f"{argv[0]} exited {done.returncode}")
            return (time.perf_counter() - started) * 1e3

        for _ in range(20):
            for argv, env in runs:
                once(argv, env)
        times = [[] for _ in runs]
        for _ in range(args.runs):
            for i, (argv, env) in enumerate(runs):
                times[i].append(once(argv, env))
    first = statistics.median(times[0])
    for build, t in zip(args.builds, times):
        median = statistics.median(t)
        print(f"{median:8.3f} ms median {statistics.mean(t):8.3f} mean  "
              f"{median / first:6.3f} of the first  {build}")


if __name__ == "__main__":
    main()
