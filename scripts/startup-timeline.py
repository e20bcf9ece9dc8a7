#!/usr/bin/env python3
"""Prints where one `jail exec -- /bin/true` spends its time, function by
function: uprobes at the entry of the supervisor's own functions (no
rebuild: offsets from `nm` and `readelf`), the scheduler's fork, exec and
exit events, `perf record` over RUNS runs, medians of the offsets from the
supervisor's exec (docs/decisions/0017 §17). Root only (uprobes, perf).

    scripts/startup-timeline.py [-n RUNS] [--state DIR] [--as USER] [--bwrap] JAIL [MORE_JAILS...]

With several binaries, their runs alternate and each gets its own table.
--bwrap adds bubblewrap's turn (scripts/bench-lib.sh's command, no
uprobes: its fork, the payload and its exit); --as runs every command as
USER (an unprivileged run has no cgroups to make or remove).
Run it from an empty directory (the jail binds the working directory).
"""
import argparse
import importlib.util
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile

TRACING = "/sys/kernel/tracing"


def bwrap_command():
    """bubblewrap's command line, as scripts/bench-startup-ab.py runs it."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-startup-ab.py")
    spec = importlib.util.spec_from_file_location("bench_startup_ab", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.bwrap_command()

# Probe name -> the start of the mangled symbol (the hash after it varies).
FUNCTIONS = {
    "main": "_ZN4jail4main17",
    "clap": "_ZN4jail3cli3Cli9from_args17",
    "cli_run": "_ZN4jail3cli3run17",
    "state_dir": "_ZN4jail5state8StateDir7resolve17",
    "plan": "_ZN6policy4plan5build17",
    "tier": "_ZN4jail4tier6choose17",
    "prepared": "_ZN4jail7prepare8Prepared3new17",
    "spawn": "_ZN4jail5spawn17",
    "child_run": "_ZN4jail5child3run17",
    "build_root": "_ZN4jail5mount10build_root17",
    "launch_run": "_ZN4jail6launch3run17",
    "release": "_ZN4jail4Jail7release17",
    "join_cgroups": "_ZN4jail5child12join_cgroups17",
    "exec_payload": "_ZN4jail5child12exec_payload17",
    "sent_status": "_ZN4jail4Jail11sent_status17",
    "end_run": "_ZN4jail6launch7end_run17",
}


def probes(binary, group):
    """uprobe_events lines for `binary`'s functions, at their file offsets."""
    loads = []
    for line in subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        fields = line.split()
        if fields and fields[0] == "LOAD":
            loads.append((int(fields[1], 16), int(fields[2], 16), int(fields[5], 16)))
    found = {}
    for line in subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        fields = line.split()
        if len(fields) != 3 or fields[1] not in "tT":
            continue
        for name, prefix in FUNCTIONS.items():
            if name not in found and fields[2].startswith(prefix):
                found[name] = int(fields[0], 16)
    missing = sorted(set(FUNCTIONS) - set(found))
    if missing:
        print(f"{binary}: no symbol for {', '.join(missing)} (stripped, or renamed)", file=sys.stderr)
    lines = []
    for name, vaddr in found.items():
        for offset, start, size in loads:
            if start <= vaddr < start + size:
                lines.append(f"p:{group}/{name} {binary}:0x{vaddr - start + offset:x}")
    return lines


def write_events(lines):
    """Appends to uprobe_events, a line per write (tracefs refuses the seek
    that Python's append mode makes)."""
    fd = os.open(f"{TRACING}/uprobe_events", os.O_WRONLY | os.O_APPEND)
    try:
        for line in lines:
            os.write(fd, (line + "\n").encode())
    finally:
        os.close(fd)


def timeline(script_out, binary):
    """Median offset of each event from the supervisor's exec."""
    line_re = re.compile(r"^\s*\S+\s+(\d+)/\d+\s+\[\d+\]\s+(\d+\.\d+):\s+(\S+):\s*(.*)$")
    runs, current = [], None
    for line in script_out.splitlines():
        m = line_re.match(line)
        if not m:
            continue
        pid, t, event, rest = int(m.group(1)), float(m.group(2)), m.group(3), m.group(4)
        if event == "sched:sched_process_exec" and f"filename={binary} " in rest + " ":
            current = {"sup": pid, "t0": t, "events": []}
            runs.append(current)
        elif current is not None:
            current["events"].append((t, pid, event, rest))
            if event == "sched:sched_process_exit" and f" pid={current['sup']} " in rest + " ":
                current = None
    offsets = {}
    for run in runs[len(runs) // 10:]:  # the first runs warm the caches
        seen, child = set(), None
        for t, pid, event, rest in run["events"]:
            group, _, name = event.partition(":")
            if group.startswith("jailtl") and name in FUNCTIONS:
                key = name + ("" if pid == run["sup"] else " (child)")
            elif event == "sched:sched_process_fork" and pid == run["sup"] and child is None:
                key, child = "clone", True
            elif event == "sched:sched_process_exec" and "filename=/bin/true" in rest:
                key = "payload execve"
            elif event == "sched:sched_process_exit" and "comm=true" in rest:
                key = "payload exit"
            elif event == "sched:sched_process_exit" and f" pid={run['sup']} " in rest + " ":
                key = "supervisor exit"
            else:
                continue
            if key not in seen:
                seen.add(key)
                offsets.setdefault(key, []).append((t - run["t0"]) * 1e6)
    return len(runs), offsets


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=150)
    parser.add_argument("--state", help="a state dir to copy for each binary (a history, as a user's)")
    parser.add_argument("--as", dest="user", help="run the commands as this user")
    parser.add_argument("--bwrap", action="store_true", help="bubblewrap takes its turn too")
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("startup-timeline: uprobes and perf need root")
    if not os.path.exists(f"{TRACING}/uprobe_events"):
        sys.exit(f"startup-timeline: no {TRACING}/uprobe_events (CONFIG_UPROBE_EVENTS, tracefs mounted)")
    with tempfile.TemporaryDirectory(prefix="startup-timeline.") as base:
        os.chmod(base, 0o755)
        copies, lines = [], []
        for i, binary in enumerate(args.binaries):
            copy = os.path.join(base, f"jail{i}")
            shutil.copy2(binary, copy)
            state = os.path.join(base, f"state{i}")
            if args.state:
                shutil.copytree(args.state, state)
            if args.user:
                os.makedirs(state, exist_ok=True)
                subprocess.run(["chown", "-R", args.user, state], check=True)
            copies.append((copy, state))
            lines += probes(copy, f"jailtl{i}")
        write_events(lines)
        try:
            loop = os.path.join(base, "loop.sh")
            with open(loop, "w") as f:
                f.write(f"for i in $(seq {args.runs}); do\n")
                for copy, state in copies:
                    f.write(f"  JAIL_STATE_DIR={state} {copy} exec -- /bin/true\n")
                if args.bwrap:
                    f.write(f"  {shlex.join(bwrap_command())}\n")
                f.write("done\n")
            run_as = ["runuser", "-u", args.user, "--"] if args.user else []
            data = os.path.join(base, "perf.data")
            groups = [arg for i in range(len(copies)) for arg in ("-e", f"jailtl{i}:*")]
            subprocess.run(
                ["perf", "record", "-q", "-a", "-k", "CLOCK_MONOTONIC", "-o", data, *groups,
                 "-e", "sched:sched_process_fork,sched:sched_process_exec,sched:sched_process_exit",
                 *run_as, "bash", loop],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
            out = subprocess.run(
                ["perf", "script", "-i", data, "-F", "comm,pid,tid,cpu,time,event,trace"],
                capture_output=True, text=True, check=True,
            ).stdout
        finally:
            write_events([f"-:{line.split()[0][2:]}" for line in lines])
        tables = [(copy, binary) for (copy, _), binary in zip(copies, args.binaries)]
        if args.bwrap:
            tables.append((shutil.which("bwrap"), "bwrap"))
        for copy, binary in tables:
            runs, offsets = timeline(out, copy)
            print(f"== {binary}: {runs} runs, median microseconds from its exec (+ since the step before)")
            previous = 0.0
            for key in sorted(offsets, key=lambda k: statistics.median(offsets[k])):
                at = statistics.median(offsets[key])
                print(f"  {key:26s} {at:8.0f}  (+{at - previous:6.0f})")
                previous = at


if __name__ == "__main__":
    main()
