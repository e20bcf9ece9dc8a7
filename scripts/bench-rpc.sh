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

# Baseline, same run: a bare SEQPACKET ping-pong between two processes in C,
# no jail, no codec, no server. Across CPUs it shows this machine's wakeup
# cost (large on VMs without halt polling); pinned to one CPU, the floor.
if command -v cc >/dev/null; then
    cat > pingpong.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
    int n = atoi(argv[1]), sv[2]; char b[64] = {0};
    socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv);
    if (fork() == 0) { close(sv[0]); while (read(sv[1], b, 64) > 0) write(sv[1], b, 16); _exit(0); }
    close(sv[1]);
    double *r = malloc(n * sizeof *r);
    for (int i = 0; i < n; i++) { double t = now(); write(sv[0], b, 16); read(sv[0], b, 64); r[i] = now() - t; }
    qsort(r, n, sizeof *r, cmp);
    printf("median %.1f us, p99 %.1f us\n", r[n / 2], r[n * 99 / 100]);
    return 0;
}
C
    cc -O2 -o pingpong pingpong.c
    echo "baseline, bare C ping-pong across CPUs: $(./pingpong "$calls")"
    echo "baseline, bare C ping-pong on one CPU:  $(taskset -c 0 ./pingpong "$calls")"
fi
"$jail" exec -- ./echo_bench "$calls"
echo "pinned to one CPU (taskset -c 0, supervisor and payload):"
taskset -c 0 "$jail" exec -- ./echo_bench "$calls"

n=$((calls / 20))
script='s=$(date +%s%N); i=0; while [ $i -lt '$n' ]; do jail-call echo "{\"n\":1}" >/dev/null; i=$((i+1)); done; e=$(date +%s%N); echo $(( (e - s) / '$n' / 1000 ))'
per_call=$("$jail" exec -- sh -c "$script")
script='s=$(date +%s%N); i=0; while [ $i -lt '$n' ]; do /bin/true; i=$((i+1)); done; e=$(date +%s%N); echo $(( (e - s) / '$n' / 1000 ))'
per_spawn=$("$jail" exec -- sh -c "$script")
echo "jail-call: $n calls, mean $per_call us per call (a process each; spawning /bin/true alone: $per_spawn us)"
echo "audit log lines written: $(wc -l < "$JAIL_STATE_DIR/audit.log")"
