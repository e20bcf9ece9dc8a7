#!/usr/bin/env bash
# Times the review stages on a generated 1,000-line Python file: stages 1-5
# plus sanitizing (the static reviewer off the clock), and a cache hit.
# Each figure is the median over RUNS runs of `jail review --json`, which
# reports every stage's time in microseconds. Baseline in the same run: the
# median of reading the file and hashing it with `b2sum` (a floor for "look
# at every byte once"), and the tree-sitter parse itself (stage 3's figure),
# which every review pays and the other stages are compared with.
#
#   scripts/bench-review.sh        RUNS=N (default 30)
set -euo pipefail
runs=${RUNS:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
(cd "$root" && cargo build --release -q -p supervisor)
jail=$root/target/release/jail
work=$(mktemp -d /tmp/bench-review.XXXXXX)
trap 'rm -rf "$work"' EXIT

python3 - "$work/big.py" <<'PY'
import sys
lines = ["import json", "import os", ""]
i = 0
while len(lines) < 1000:
    lines += [
        f"def handler_{i}(event, context):",
        f'    """Handle event {i}: parse it and return a summary."""',
        f"    # keep the original order of the records ({i})",
        f"    records = json.loads(event.get('body', '[]'))",
        f"    total = sum(r.get('amount', 0) for r in records if r)",
        f"    name = f\"report-{{context}}-{i}\"",
        f"    return {{'name': name, 'total': total, 'count': len(records)}}",
        "",
    ]
    i += 1
open(sys.argv[1], "w").write("\n".join(lines[:1000]) + "\n")
PY

export JAIL_STATE_DIR=$work/state
printf '[profile.default.review]\ncache = false\n' > "$work/nocache.toml"
python3 - "$jail" "$work" "$runs" <<'PY'
import json, statistics, subprocess, sys, time
jail, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
big = f"{work}/big.py"
def report(policy=None):
    cmd = [jail] + (["--policy", policy] if policy else []) + ["review", "--json", big]
    out = subprocess.run(cmd, capture_output=True, text=True)
    return json.loads(out.stdout)
stages = {}
for _ in range(runs):
    r = report(f"{work}/nocache.toml")
    for s in r["stages"]:
        stages.setdefault(s["name"], []).append(s["micros"])
floor = []
for _ in range(runs):
    t = time.perf_counter(); subprocess.run(["b2sum", big], capture_output=True); floor.append((time.perf_counter() - t) * 1e6)
med = {k: statistics.median(v) for k, v in stages.items()}
static = sum(med[k] for k in ("hash", "imports", "parse", "scan", "histograms", "sanitize"))
print(f"1,000-line Python file, median of {runs} runs, microseconds:")
for k, v in med.items():
    print(f"  {k:<11} {v:>9.0f}")
print(f"  stages 1-5 + sanitize: {static:.0f} us = {static / 10:.0f} us per 100 lines")
rest = static - med["parse"]
print(f"  all but the tree-sitter parse: {rest:.0f} us = {rest / med['parse']:.2f} x the parse")
report()  # fills the cache
hits = [report()["stages"][0]["micros"] for _ in range(runs)]
print(f"  cache hit (stage 1 only): {statistics.median(hits):.0f} us")
print(f"baseline: b2sum of the same file as a process: {statistics.median(floor):.0f} us")
PY
