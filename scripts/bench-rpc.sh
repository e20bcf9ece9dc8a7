#!/usr/bin/env bash
# Round-trip latency and throughput of the `echo` tool through the jail's
# channel: from a Rust client (rpc::Client, rpc/examples/echo_bench.rs) and
# from `jail-call` (a process per call), each as the payload of a real jail.
# The bare-process baseline, measured in the same run: spawning /bin/true.
#
#   scripts/bench-rpc.sh          CALLS=N (default 20000)
set -euo pipefail
calls=${CALLS:-20000}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release -q -p supervisor --bins
cargo build --release -q -p rpc --example echo_bench
work=$(mktemp -d /tmp/bench-rpc.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp target/release/examples/echo_bench "$work/"
export JAIL_STATE_DIR=$work/state
# The default profile caps calls per second (200) and per session; lift
# them, so the bench measures the channel.
cat > "$work/policy.toml" <<'TOML'
[profile.default.rpc]
calls_per_second = 100000000
max_calls = 100000000
max_bytes = "100GiB"
TOML
export JAIL_POLICY=$work/policy.toml
cd "$work"
jail=$root/target/release/jail

"$jail" exec -- ./echo_bench "$calls"

n=$((calls / 20))
script='s=$(date +%s%N); i=0; while [ $i -lt '$n' ]; do jail-call echo "{\"n\":1}" >/dev/null; i=$((i+1)); done; e=$(date +%s%N); echo $(( (e - s) / '$n' / 1000 ))'
per_call=$("$jail" exec -- sh -c "$script")
script='s=$(date +%s%N); i=0; while [ $i -lt '$n' ]; do /bin/true; i=$((i+1)); done; e=$(date +%s%N); echo $(( (e - s) / '$n' / 1000 ))'
per_spawn=$("$jail" exec -- sh -c "$script")
echo "jail-call: $n calls, mean $per_call us per call (a process each; spawning /bin/true alone: $per_spawn us)"
echo "audit log lines written: $(wc -l < "$JAIL_STATE_DIR/audit.log")"
