#!/usr/bin/env bash
# JAILS jails at once (default 50), each a shell that sleeps a moment and
# answers: every one must succeed, and afterwards nothing of them may be
# left: no process, no cgroup, no unfinished session record, no temporary
# or pending file in the state dir. Also the peak resident memory of one
# `jail exec -- /bin/true` against bubblewrap's, measured in the same run.
# Prints the figures; exits 1 on any failure or leak.
#
#   scripts/bench-concurrency.sh       JAILS=N, JAIL_BIN=path (skips the build)
set -euo pipefail
jails=${JAILS:-50}
root=$(cd "$(dirname "$0")/.." && pwd)

. "$root/scripts/bench-lib.sh"
need=()
command -v bwrap >/dev/null || need+=(bubblewrap)
[ -x /usr/bin/time ] || need+=(time)
install_missing bench-concurrency.sh "${need[@]}"

if [ -z "${JAIL_BIN:-}" ]; then
    JAIL_BIN=$("$root/scripts/build-static.sh")
fi

work=$(mktemp -d /tmp/bench-concurrency.XXXXXX)
trap 'rm -rf "$work"' EXIT
export JAIL_STATE_DIR="$work/state"
mkdir -p "$work/cwd" "$work/out"
cd "$work/cwd"
# A word only these jails' commands carry, to find any left behind.
token="bench-concurrency-$$-$RANDOM"
# A jail's v1 groups stay as spares (jail-spare-*) for later jails; what
# must not be left is a group under a jail's own name, or a spare in use.
cgroups() {
    find /sys/fs/cgroup -maxdepth 4 -type d -name 'jail-*' ! -name 'jail-spare-*' 2>/dev/null
    for spare in $(find /sys/fs/cgroup -maxdepth 4 -type d -name 'jail-spare-*' 2>/dev/null); do
        [ -s "$spare/cgroup.procs" ] && echo "$spare (in use)"
    done
    true
}
cgroups | sort >"$work/cgroups.before"

start=$(date +%s%N)
for i in $(seq "$jails"); do
    "$JAIL_BIN" exec -- sh -c 'sleep 0.2; echo ok' "$token" \
        >"$work/out/$i" 2>"$work/out/$i.err" &
done
failures=0
for job in $(jobs -p); do
    wait "$job" || failures=$((failures + 1))
done
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
for i in $(seq "$jails"); do
    if [ "$(cat "$work/out/$i")" != ok ]; then
        failures=$((failures + 1))
        echo "jail $i: $(head -c 300 "$work/out/$i.err")" >&2
    fi
done

leaks=()
left=$(pgrep -f "$token" || true)
[ -z "$left" ] || leaks+=("processes: $(echo "$left" | wc -l)")
# A jail's init may still be exiting when its supervisor has returned.
for _ in $(seq 20); do
    cgroups | sort >"$work/cgroups.after"
    cmp -s "$work/cgroups.before" "$work/cgroups.after" && break
    sleep 0.1
done
if ! cmp -s "$work/cgroups.before" "$work/cgroups.after"; then
    leaks+=("cgroups: $(comm -13 "$work/cgroups.before" "$work/cgroups.after" | tr '\n' ' ')")
fi
records=$(find "$JAIL_STATE_DIR/sessions" -name '*.json' | wc -l)
finished=$(grep -l '"state": "finished"' "$JAIL_STATE_DIR"/sessions/*.json 2>/dev/null | wc -l)
[ "$records" = "$jails" ] && [ "$finished" = "$jails" ] ||
    leaks+=("session records: $records, finished: $finished, of $jails")
stray=$(find "$JAIL_STATE_DIR" -name '*.tmp*' -o -path '*/pending/*' -type f | wc -l)
[ "$stray" = 0 ] || leaks+=("temporary or pending files: $stray")

echo "$jails jails at once: $failures failed, $elapsed_ms ms in all"
if [ ${#leaks[@]} -eq 0 ]; then
    echo "left behind: nothing (processes, cgroups, session records, state files)"
else
    printf 'left behind: %s\n' "${leaks[@]}"
fi

# Peak RSS of one run: GNU time's %M, the largest process of the tree the
# kernel accounted to it (a bare /bin/true shows its floor).
bwrap_base
bwrap_cmd+=(--tmpfs /tmp --proc /proc --dev /dev --chdir /tmp /bin/true)
peak() { # command...; prints the median of 5 peaks, KiB
    for _ in 1 2 3 4 5; do
        /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1
    done | sort -n | sed -n 3p
}
jail_kib=$(peak "$JAIL_BIN" exec -- /bin/true)
bwrap_kib=$(peak "${bwrap_cmd[@]}")
bare_kib=$(peak /bin/true)
awk -v j="$jail_kib" -v b="$bwrap_kib" -v t="$bare_kib" 'BEGIN {
    printf "peak RSS, median of 5: jail %.1f MiB, bwrap %.1f MiB, /bin/true %.1f MiB; jail - bwrap %.1f MiB (keep within 3)\n",
        j / 1024, b / 1024, t / 1024, (j - b) / 1024 }'

[ "$failures" = 0 ] && [ ${#leaks[@]} -eq 0 ]
