#!/usr/bin/env python3
"""Times `jail exec -- /bin/true` of two or more builds interleaved (A, B,
A, B, ...), so that a noisy machine (a VM whose speed drifts by a tenth
within minutes) weighs on every build alike. Each build has a state dir of
its own, which grows with its runs as a user's does, and is run from a
fresh copy made at the start, so that no build is favoured by how its file
sits in the page cache. With --bwrap, bubblewrap as scripts/bench-startup.sh
runs it (scripts/bench-lib.sh's bwrap_base) takes its turn too. Prints each command's median and mean and
its ratio to the first one's and to bubblewrap's median: the same machine
state, the same run (docs/decisions/0017).

    scripts/bench-startup-ab.py [-n RUNS] [--bwrap] [--history N] JAIL [MORE_JAILS...]

On the development VM two copies of one binary have measured 5.6% apart:
a smaller difference needs clock marks on its own step.

Runs from an empty directory (the jail binds the working directory), after
--history unmeasured runs of each (20 by default; the log's check and the
records' listing grow with a state dir's history, so 300 is closer to a
user's). The times include starting each process from
Python (posix_spawn), the same for every command.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=300)
    parser.add_argument("--bwrap", action="store_true", help="bubblewrap takes its turn too")
    parser.add_argument(
        "--history",
        type=int,
        default=20,
        help="unmeasured runs of each first (default 20), so each state dir holds a history as a user's does",
    )
    parser.add_argument("builds", nargs="+", help="jail binaries to compare")
    parser.add_argument(
        "--gap",
        type=float,
        default=0.0,
        help="milliseconds to wait before each measured run, so that each starts on an idle "
        "machine (what one run by hand sees) rather than beside the last run's teardown",
    )
    args = parser.parse_args()
    names = list(args.builds)
    with tempfile.TemporaryDirectory(prefix="bench-startup-ab.") as base:
        work = os.path.join(base, "cwd")
        os.mkdir(work)
        runs = []
        for i, build in enumerate(args.builds):
            # A fresh copy of each: how a binary's pages sit in the page
            # cache (written just now, or read back from disk) moved the
            # same build by 5-8% here (decision 0017), more than most
            # changes being compared.
            copy = os.path.join(base, f"jail{i}")
            shutil.copy2(build, copy)
            env = dict(os.environ, JAIL_STATE_DIR=os.path.join(base, f"state{i}"))
            runs.append(([copy, "exec", "--", "/bin/true"], env))
        if args.bwrap:
            runs.append((bwrap_command(), dict(os.environ)))
            names.append("bwrap")

        os.chdir(work)
        quiet = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)]

        def once(argv, env):
            # posix_spawn (vfork and exec) costs less around each run than
            # subprocess does, so the ratios are closer to hyperfine's.
            started = time.perf_counter()
            pid = os.posix_spawn(argv[0], argv, env, file_actions=quiet)
            _, status = os.waitpid(pid, 0)
            elapsed = (time.perf_counter() - started) * 1e3
            if os.waitstatus_to_exitcode(status) != 0:
                raise SystemExit(f"{argv[0]} exited {os.waitstatus_to_exitcode(status)}")
            return elapsed

        for _ in range(args.history):
            for argv, env in runs:
                once(argv, env)
        times = [[] for _ in runs]
        for _ in range(args.runs):
            for i, (argv, env) in enumerate(runs):
                if args.gap:
                    time.sleep(args.gap / 1e3)
                times[i].append(once(argv, env))
    first = statistics.median(times[0])
    bwrap = statistics.median(times[-1]) if args.bwrap else None
    for name, t in zip(names, times):
        median = statistics.median(t)
        to_bwrap = f"{median / bwrap:6.3f} of bwrap  " if bwrap else ""
        print(f"{median:8.3f} ms median {statistics.mean(t):8.3f} mean  "
              f"{median / first:6.3f} of the first  {to_bwrap}{name}")


def bwrap_command():
    """bubblewrap's command line as scripts/bench-startup.sh builds it."""
    lib = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-lib.sh")
    script = f'. "{lib}"; bwrap_base; bwrap_cmd+=(--tmpfs /tmp --proc /proc --dev /dev --chdir /tmp /bin/true); printf "%s\\0" "${{bwrap_cmd[@]}}"'
    out = subprocess.run(["bash", "-c", script], capture_output=True, check=True).stdout
    argv = out.decode().split("\0")[:-1]
    if not argv or argv[0] != "bwrap":
        raise SystemExit(f"{lib} gave no bubblewrap command line")
    return [shutil.which(argv[0]) or argv[0], *argv[1:]]


if __name__ == "__main__":
    main()
