#!/usr/bin/env bash
# `tsc --noEmit` on a real medium-size TypeScript code base (rxjs 7.8.1's
# sources, 251 .ts files, fetched from npm at that pinned version), bare vs
# `jail tsc` vs bubblewrap, interleaved in one run; prints jailed/bare.
#
#   scripts/bench-tsc.sh          RUNS=N (default 10), JAIL_BIN=path (skips the build)
set -euo pipefail
runs=${RUNS:-10}
root=$(cd "$(dirname "$0")/.." && pwd)

. "$root/scripts/bench-lib.sh"

need=()
command -v bwrap >/dev/null || need+=(bubblewrap)
command -v node >/dev/null || need+=(nodejs npm)
install_missing bench-tsc.sh "${need[@]}"
if [ -z "${JAIL_BIN:-}" ]; then
    JAIL_BIN=$("$root/scripts/build-static.sh")
fi

work=$(mktemp -d /tmp/bench-tsc.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
tarball=$(npm pack --silent rxjs@7.8.1)
tar xzf "$tarball"
# The compiler and tslib beside the project (installing into the package
# would pull in all of rxjs's devDependencies), linked as its node_modules.
npm install --prefix "$work/tools" --silent --no-audit --no-fund --ignore-scripts \
    typescript@5.9.3 tslib@2.8.1 >/dev/null
cd package
ln -s "$work/tools/node_modules" node_modules
cat > tsconfig.bench.json <<'JSON'
{
  "compilerOptions": {
    "strict": true, "target": "es2015", "lib": ["es2018", "dom"],
    "moduleResolution": "node", "skipLibCheck": true, "noEmit": true
  },
  "include": ["src/**/*.ts"]
}
JSON
node=$(readlink -f "$(command -v node)")
tsc=$work/tools/node_modules/typescript/bin/tsc
args=(--noEmit --pretty false --incremental false -p tsconfig.bench.json)

# bwrap as close as it gets to the tsc profile: the project read-only too.
bwrap_base
# The private /tmp first: the project lives below /tmp, and a later tmpfs
# would hide its binds.
bwrap_cmd+=(--tmpfs /tmp --ro-bind "$PWD" "$PWD" --ro-bind "$work/tools" "$work/tools"
    --proc /proc --dev /dev --chdir "$PWD" "$node" "$tsc" "${args[@]}")

# Round-robin, not one command's runs after another's: this VM drifts by
# ±10% over minutes, which a block of runs per command turns into a
# difference between commands. A diagnostic makes tsc exit 2, so exit
# codes are not checked; each command's count of diagnostics is printed to
# show that all three checked the same code.
python3 - "$runs" "$JAIL_BIN" "$node" "$tsc" "${bwrap_cmd[@]}" <<'PY'
import statistics, subprocess, sys, time
runs, jail, node, tsc = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
bwrap = sys.argv[5:]
args = ["--noEmit", "--pretty", "false", "--incremental", "false", "-p", "tsconfig.bench.json"]
commands = {
    "bare": [node, tsc] + args,
    "bwrap": bwrap,
    "jail": [jail, "tsc", "--tsc", tsc, "--", "-p", "tsconfig.bench.json"],
}
times = {name: [] for name in commands}
outputs = {}
for round in range(runs + 1):
    for name, command in commands.items():
        start = time.perf_counter()
        out = subprocess.run(command, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        outputs[name] = out.stdout.count("error TS")
        if round > 0:  # the first round warms the page cache
            times[name].append(elapsed)
bare = statistics.median(times["bare"])
for name, values in times.items():
    m = statistics.median(values)
    print(f"{name:6} median {m * 1000:8.1f} ms  = {m / bare:.3f} x bare  (min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f}, {outputs[name]} diagnostics)")
print(f"jail/bwrap = {statistics.median(times['jail']) / statistics.median(times['bwrap']):.3f}")
PY
