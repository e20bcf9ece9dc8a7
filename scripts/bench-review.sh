#!/usr/bin/env bash
# Times the review: each stage of `jail review --json` (one process per run,
# so every figure includes what a fresh process pays) on the real source
# files of tests/review-speed (Python, JavaScript, TypeScript, Bash; their
# README says where each comes from) and on a generated 1,000-line Python
# file, per 1,000 lines; the wall time of whole `jail review` processes; and
# a cache hit; and each stage per file in one process, warm
# (review/examples/stage_times.rs), the work per line without a process's
# start. Baselines from the same run: the tree-sitter parse (stage 3,
# which every review pays), `b2sum` of the same files as processes, and
# `jail --version` (the binary starting and exiting).
#
#   scripts/bench-review.sh        RUNS=N (default 30); JAIL_BIN=path times
#                                  another build (an older one, say)
set -euo pipefail
runs=${RUNS:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -z "${JAIL_BIN:-}" ]; then
    (cd "$root" && cargo build --release -q -p supervisor)
fi
jail=${JAIL_BIN:-$root/target/release/jail}
work=$(mktemp -d /tmp/bench-review.XXXXXX)
trap 'rm -rf "$work"' EXIT

mkdir "$work/generated"
python3 - "$work/generated/handlers.py" <<'PY'
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
python3 - "$jail" "$work" "$runs" "$root/tests/review-speed" <<'PY'
import json, statistics, subprocess, sys, time
from pathlib import Path

jail, work, runs, corpus = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
STAGES = ["hash", "imports", "parse", "scan", "histograms", "sanitize", "review"]
sets = {d.name: sorted(p for p in d.iterdir() if p.suffix in (".py", ".js", ".ts", ".sh"))
        for d in sorted(corpus.iterdir()) if d.is_dir()}
sets["generated"] = [work / "generated" / "handlers.py"]

def timed(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    return out, (time.perf_counter() - start) * 1e6

def review(path, policy=None):
    cmd = [jail] + (["--policy", str(policy)] if policy else []) + ["review", "--json", str(path)]
    out, wall = timed(cmd)
    return json.loads(out.stdout), wall

def median(values):
    return statistics.median(values)

rows = {}
for name, files in sets.items():
    lines = sum(len(p.read_text().splitlines()) for p in files)
    stage_sum = dict.fromkeys(STAGES, 0.0)
    wall_sum = b2sum_sum = 0.0
    for path in files:
        per_stage, walls, floors = {}, [], []
        for _ in range(runs):
            report, wall = review(path, work / "nocache.toml")
            walls.append(wall)
            for stage in report["stages"]:
                per_stage.setdefault(stage["name"], []).append(stage["micros"])
            floors.append(timed(["b2sum", str(path)])[1])
        missing = [s for s in STAGES if len(per_stage.get(s, [])) != runs]
        if missing:
            sys.exit(f"{path}: stages {missing} did not run (verdict {report['verdict']}): every file must go through all of them")
        for stage in STAGES:
            stage_sum[stage] += median(per_stage[stage])
        wall_sum += median(walls)
        b2sum_sum += median(floors)
    rows[name] = (lines, len(files), stage_sum, wall_sum, b2sum_sum)

print(f"Median of {runs} runs per file; microseconds per 1,000 lines (per file for a process)")
header = f"{'set':<11}{'lines':>6}" + "".join(f"{s:>11}" for s in STAGES) + f"{'1-5+san':>10}{'rest/parse':>11}"
print(header)
for name, (lines, files, stage_sum, _, _) in rows.items():
    k = 1000 / lines
    static = sum(stage_sum[s] for s in STAGES if s != "review")
    rest = static - stage_sum["parse"]
    print(f"{name:<11}{lines:>6}" + "".join(f"{stage_sum[s] * k:>11.0f}" for s in STAGES)
          + f"{static * k:>10.0f}{rest / stage_sum['parse']:>11.2f}")
print("(1-5+san: stages 1-5 and sanitizing, the static reviewer off; rest/parse: all of those but the parse, as a multiple of the parse)")
print()
print("Whole `jail review` processes (wall, the static reviewer included), mean per file:")
version = median([timed([jail, "--version"])[1] for _ in range(runs)])
for name, (lines, files, _, wall_sum, b2sum_sum) in rows.items():
    print(f"  {name:<11} {files} files, {lines / files:>5.0f} lines each: {wall_sum / files:>7.0f} us"
          f"  (b2sum of the same files {b2sum_sum / files:.0f} us)")
print(f"  baseline: `jail --version` {version:.0f} us")
report, _ = review(sets["python"][0])  # fills the cache
hits = []
for _ in range(runs):
    report, wall = review(sets["python"][0])
    assert report["stages"][0]["outcome"] == "hit", report["stages"][0]
    hits.append(wall)
print(f"  cache hit ({sets['python'][0].name}): {median(hits):.0f} us per process ({median(hits) - version:+.0f} us over `jail --version`)")
PY

# The same stages in one process, warm (review/examples/stage_times.rs):
# the work per line without a fresh process's start.
echo
echo "In one process, warm (median of $runs after one untimed run; this tree's code, whatever JAIL_BIN is), microseconds per 1,000 lines:"
(cd "$root" && cargo build --release -q -p review --example stage_times)
RUNS=$runs "$root/target/release/examples/stage_times" "$root"/tests/review-speed/*/*.{py,js,ts,sh} "$work/generated/handlers.py" |
    sed "s|$root/tests/review-speed/||; s|$work/||; s/^/  /"
