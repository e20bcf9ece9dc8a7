# Benign: backtraces for the core files in ./cores with `gdb -batch -nx` (no init files read or written), top frames printed and full traces saved to ./out/triage.
import argparse
import subprocess
from collections import Counter
from pathlib import Path


def backtrace(binary, core):
    cmd = ["gdb", "-nx", "-batch", "-q",
           "-ex", "set pagination off",
           "-ex", "thread apply all bt full",
           str(binary), str(core)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300).stdout


def crash_frame(trace):
    for line in trace.splitlines():
        if line.startswith("#0"):
            parts = line.split(" in ", 1)
            return (parts[1] if len(parts) > 1 else line).split(" (")[0].strip()
    return "unknown"


def main():
    ap = argparse.ArgumentParser(description="Group core dumps by crashing function")
    ap.add_argument("binary", help="the crashed executable, e.g. build/server")
    ap.add_argument("--cores", default="cores")
    ap.add_argument("--out", default="out/triage")
    args = ap.parse_args()

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    groups = Counter()
    for core in sorted(Path(args.cores).glob("core*")):
        trace = backtrace(args.binary, core)
        (out / f"{core.name}.txt").write_text(trace)
        groups[crash_frame(trace)] += 1

    for frame, count in groups.most_common():
        print(f"{count:>4}  {frame}")
    print(f"{sum(groups.values())} cores, traces in {out}")


if __name__ == "__main__":
    main()
