#!/usr/bin/env bash
# Runs every test binary of the workspace again as an ordinary user, the way
# most users run jail: root hides bugs (no user-namespace limits, readable
# everything). Must be started as root; creates USER if missing.
#
#   scripts/test-unprivileged.sh [USER [FILTER...]]   (default: jailtest, all)
#
# FILTERs go to every test binary (`... jailtest escape`). JAIL_ESCAPE_TIER
# and JAIL_ESCAPE_LAYER_OFF are passed through.
set -euo pipefail
user=${1:-jailtest}
shift || true
cd "$(dirname "$0")/.."

if [ "$(id -u)" != 0 ]; then
    echo "test-unprivileged.sh: run as root (it switches to '$user' itself)" >&2
    exit 2
fi
id "$user" >/dev/null 2>&1 || useradd -m "$user"

# Build as root, then copy the binaries somewhere the user can read: the
# checkout may sit below a directory only root can enter.
cargo build -p supervisor --bins
tests=$(cargo test --workspace --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("reason") == "compiler-artifact" and msg.get("executable") and msg["profile"]["test"]:
        print(msg["executable"])')
bin_dir=$(mktemp -d /tmp/jail-unprivileged.XXXXXX)
trap 'rm -rf "$bin_dir"' EXIT
# jail alone: it is also the in-jail jail-call (bound into every jail).
cp target/debug/jail "$bin_dir/"
for t in $tests; do cp "$t" "$bin_dir/"; done
chmod -R a+rX "$bin_dir"

failed=0
for t in $tests; do
    name=$(basename "$t")
    echo "== $name as $user"
    (cd /tmp && runuser -u "$user" -- env -i PATH=/usr/bin:/bin HOME="$(getent passwd "$user" | cut -d: -f6)" \
        JAIL_BIN="$bin_dir/jail" ${CI:+CI="$CI"} \
        ${JAIL_TEST_TYPESCRIPT:+JAIL_TEST_TYPESCRIPT="$JAIL_TEST_TYPESCRIPT"} \
        ${JAIL_TEST_TSGO:+JAIL_TEST_TSGO="$JAIL_TEST_TSGO"} \
        ${JAIL_ESCAPE_TIER:+JAIL_ESCAPE_TIER="$JAIL_ESCAPE_TIER"} \
        ${JAIL_ESCAPE_LAYER_OFF:+JAIL_ESCAPE_LAYER_OFF="$JAIL_ESCAPE_LAYER_OFF"} \
        "$bin_dir/$name" "$@") || failed=1
done
exit $failed
