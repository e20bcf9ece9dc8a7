#!/usr/bin/env python3
"""Writes scripts/jail.order: the functions `jail exec -- /bin/true` and
`jail review` run, which scripts/build-static.sh hands to the linker
(`--symbol-ordering-file`) so that they sit together at the start of the
text. Laid out so, the start-up path's code fills about 14 windows of
64 KiB (the kernel maps a file's pages 16 at a time) instead of touching
57 scattered over 8 MB, each window a page fault (docs/decisions/0017 §20).

    scripts/order-symbols.py [--runs N] [--rounds K]

Root only (perf). The functions come from sampling (`perf record`, a
sample every 5 µs of CPU) over N runs of each command, the jail's child
and payload first (their code is faulted in again in each process, so it
is kept in a few pages of its own), then the supervisor's, then the
review's. Sampling misses short functions; so each round builds the
static binary with the order so far, records which text pages the runs
fault in, and adds the function at each fault address, until a round adds
none (at most K rounds).

Symbol names carry a hash of their crate, which holds across edits of its
code but not across a new toolchain or dependency version. The linker
ignores names it does not find, so a stale file only loses its effect:
run this again after such a change and commit the result.
"""
import argparse
import bisect
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "scripts", "jail.order")


def build(order):
    """The static binary linked with `order` (a file), copied aside."""
    env = dict(os.environ, JAIL_SYMBOL_ORDER=order)
    path = subprocess.run(
        [os.path.join(ROOT, "scripts", "build-static.sh")], env=env, check=True, capture_output=True, text=True
    ).stdout.strip()
    return path


def workloads(binary, base, runs):
    """A shell loop running each command `runs` times, and its env."""
    work = os.path.join(base, "cwd")
    os.makedirs(work, exist_ok=True)
    source = os.path.join(base, "one.py")
    with open(source, "w") as f:
        f.write("print(sum(range(10)))\n")
    policy = os.path.join(base, "policy.toml")
    with open(policy, "w") as f:
        f.write("[profile.default.review]\ncache = false\n")
    state = os.path.join(base, "state")
    return (
        f"cd {work}; export JAIL_STATE_DIR={state}; for i in $(seq {runs}); do "
        f"{binary} exec -- /bin/true; {binary} --policy {policy} review {source} >/dev/null; done"
    )


def roles(script_lines, binary):
    """pid -> 'supervisor' | 'child' | 'payload' from perf's task events."""
    role = {}
    name = os.path.basename(binary)
    for line in script_lines:
        if "PERF_RECORD_COMM" in line and "exec" in line and name in line:
            m = re.match(r"\s*\S+\s+(\d+)", line)
            if m:
                role[int(m.group(1))] = "supervisor"
        elif "PERF_RECORD_FORK" in line:
            m = re.search(r"PERF_RECORD_FORK\((\d+):\d+\):\((\d+):\d+\)", line)
            if m:
                child, parent = int(m.group(1)), int(m.group(2))
                if role.get(parent) == "supervisor":
                    role[child] = "child"
                elif role.get(parent) == "child":
                    role[child] = "payload"
    return role


def perf_script(data, fields):
    return subprocess.run(
        ["perf", "script", "-i", data, "--show-task-events", "--show-mmap-events", "--no-demangle", "-F", fields],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()


def sampled(binary, base, runs):
    """Functions seen running, by role, most samples first."""
    data = os.path.join(base, "samples.data")
    subprocess.run(
        ["perf", "record", "-q", "-e", "cpu-clock", "-c", "5000", "-o", data, "--", "bash", "-c", workloads(binary, base, runs)],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    lines = perf_script(data, "comm,pid,ip,sym,dso")
    role = roles(lines, binary)
    counts = collections.defaultdict(collections.Counter)
    name = os.path.basename(binary)
    for line in lines:
        m = re.match(r"\s*\S+\s+(\d+)\s+[0-9a-f]+\s+(\S+)\s+\((.*)\)\s*$", line)
        if m and m.group(3).endswith(name):
            counts[role.get(int(m.group(1)), "supervisor")][m.group(2)] += 1
    return {r: [f for f, _ in c.most_common()] for r, c in counts.items()}


def text_symbols(binary):
    """Sorted (address, size, name) of the functions, and the text's range."""
    text = None
    for line in subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        f = line.split()
        if f and f[0] == "LOAD" and "E" in f[6:-1]:
            text = (int(f[2], 16), int(f[2], 16) + int(f[5], 16))
    symbols = []
    for line in subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tTwW":
            symbols.append((int(f[0], 16), int(f[1], 16), f[3]))
    symbols.sort()
    return symbols, text


def faulted(binary, base, runs):
    """Functions at the text page faults of the runs, by role."""
    data = os.path.join(base, "faults.data")
    subprocess.run(
        ["perf", "record", "-q", "-d", "-e", "page-faults", "-c", "1", "-o", data, "--", "bash", "-c", workloads(binary, base, runs)],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    symbols, (text_start, text_end) = text_symbols(binary)
    starts = [s[0] for s in symbols]
    lines = perf_script(data, "comm,pid,addr,event")
    role = roles(lines, binary)
    name = os.path.basename(binary)
    load, found, windows = {}, collections.defaultdict(set), collections.Counter()
    mmap = re.compile(r"\s*\S+\s+(\d+)\s+PERF_RECORD_MMAP2 \d+/\d+: \[0x([0-9a-f]+)\(0x[0-9a-f]+\) @ (?:0x)?([0-9a-f]+) .*?(\S+)$")
    for line in lines:
        m = mmap.match(line)
        if m:
            if m.group(4).endswith(name) and int(m.group(3), 16) == 0:
                load[int(m.group(1))] = int(m.group(2), 16)
            continue
        f = line.split()
        if len(f) < 4 or f[2] != "page-faults:":
            continue
        pid = int(f[1])
        r = role.get(pid)
        base_pid = pid if r == "supervisor" else max((p for p in load if p <= pid), default=None)
        if r is None or base_pid not in load:
            continue  # perf lost the process's mmap events: nothing to place it by
        offset = int(f[3], 16) - load[base_pid]
        if not text_start <= offset < text_end:
            continue
        windows[r] += 1
        i = bisect.bisect_right(starts, offset) - 1
        if i >= 0 and offset < symbols[i][0] + max(symbols[i][1], 1):
            found[r].add(symbols[i][2])
    runs_done = max(1, len(load))
    return found, {r: n / runs_done for r, n in windows.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=300, help="runs of each command to sample (default 300)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of fault-guided additions at most (default 5)")
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("order-symbols: perf needs root here (kernel samples, page-fault addresses)")
    with tempfile.TemporaryDirectory(prefix="order-symbols.") as base:
        empty = os.path.join(base, "empty.order")
        open(empty, "w").close()
        binary = build(empty)
        functions = sampled(binary, base, args.runs)
        # The child's and the payload's code first: each process faults the
        # text in again, so theirs should fill as few windows as possible.
        groups = [functions.get("payload", []) + functions.get("child", []), functions.get("supervisor", [])]
        order = os.path.join(base, "jail.order")
        for round_ in range(args.rounds + 1):
            # Each group sorted by name: within one the order changes no
            # window count, and a file written again differs only where
            # the functions did.
            seen, listed = set(), []
            for group in groups:
                for f in sorted(set(group) - seen):
                    seen.add(f)
                    listed.append(f)
            with open(order, "w") as f:
                f.write("".join(name + "\n" for name in listed))
            binary = build(order)
            found, windows = faulted(binary, base, 30)
            new_child = sorted((found.get("child", set()) | found.get("payload", set())) - seen)
            new_rest = sorted(found.get("supervisor", set()) - seen - set(new_child))
            summary = ", ".join(f"{r} {n:.1f}" for r, n in sorted(windows.items()))
            print(f"round {round_}: {len(listed)} functions; text faults per process: {summary}; {len(new_child) + len(new_rest)} new")
            if not new_child and not new_rest:
                break
            groups[0] += new_child
            groups[1] += new_rest
        with open(order) as src, open(OUT, "w") as dst:
            dst.write(src.read())
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
