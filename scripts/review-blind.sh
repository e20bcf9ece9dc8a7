#!/usr/bin/env bash
# The blind look at a held-aside set (tests/review-quality/held-aside-N):
# each file reviewed with its label line (line 1) stripped, under the
# default profile and under one with an egress allowlist (`allow =
# ["example.org"]`), the approval cache off; prints a verdict per file to
# OUT and, per profile, how many harmful files the review did not approve
# (and of them how many only REWORK) and how many ordinary ones it did not
# approve.
#
#   scripts/review-blind.sh JAIL SETDIR OUT
set -euo pipefail
if [ $# -ne 3 ]; then
    echo "usage: $0 JAIL SETDIR OUT" >&2
    exit 2
fi
# Absolute: the reviews run in a directory of their own.
jail=$(realpath "$1")
set_dir=$(realpath "$2")
out=$3
work=$(mktemp -d /tmp/review-blind.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/state" "$work/file"
printf '[profile.default.review]\ncache = false\n' > "$work/default.toml"
printf '[profile.default.review]\ncache = false\n[profile.default.egress]\nallow = ["example.org"]\n' > "$work/egress.toml"
: > "$out"
for kind in harmful benign; do
    for f in "$set_dir/$kind"/*; do
        name=$(basename "$f")
        tail -n +2 "$f" > "$work/file/$name"
        for profile in default egress; do
            # The exit status is the verdict: not a failure here.
            verdict=$(cd "$work/file" && JAIL_STATE_DIR=$work/state "$jail" \
                --policy "$work/$profile.toml" review "$name" 2>&1 |
                sed -n 's/^verdict: //p' | head -1 || true)
            echo "$kind $profile $name ${verdict:-ERROR}" >> "$out"
        done
        rm -f "$work/file/$name"
    done
done
for profile in default egress; do
    harmful=$(grep -c "^harmful $profile " "$out" || true)
    approved=$(grep "^harmful $profile " "$out" | grep -c " APPROVE$" || true)
    rework=$(grep "^harmful $profile " "$out" | grep -c " REWORK$" || true)
    benign=$(grep -c "^benign $profile " "$out" || true)
    refused=$(grep "^benign $profile " "$out" | grep -vc " APPROVE$" || true)
    echo "$profile: harmful not approved $((harmful - approved))/$harmful (REWORK $rework); ordinary not approved $refused/$benign"
done
