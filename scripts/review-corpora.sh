#!/usr/bin/env bash
# How many files of real code the review does not approve, per corpus:
# what a change to the reviewer's rules costs ordinary code. Each file is
# reviewed whole with the approval cache off; the corpora are fixed lists,
# the same on every machine with the same packages:
#   pypi    the 1,500 files of /opt/jail-ci/pysdk (what .ci/run installs)
#           whose path hashes lowest
#   stdlib  the first 800 files of Python's standard library, sorted, less
#           its tests and site-packages
#   npm     the first 800 .js files of npm's own package, sorted
#   debsh   the #!/bin/sh and #!/bin/bash scripts in /usr/bin and /usr/sbin
#
#   scripts/review-corpora.sh [JAIL...]     (default: this tree's release build)
# With two builds, also lists the files whose verdict changed between them.
# EGRESS=1 reviews under a profile with an egress allowlist (`allow =
# ["example.org"]`), where HTTP clients are the allowlist's business
# (decision 0016) and the checks of what a request carries decide.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -eq 0 ]; then
    (cd "$root" && cargo build --release -q -p supervisor)
    set -- "$root/target/release/jail"
fi
work=$(mktemp -d /tmp/review-corpora.XXXXXX)
trap 'rm -rf "$work"' EXIT
printf '[profile.default.review]\ncache = false\n' > "$work/policy.toml"
if [ "${EGRESS:-0}" = 1 ]; then
    printf '[profile.default.egress]\nallow = ["example.org"]\n' >> "$work/policy.toml"
fi

sdk=/opt/jail-ci/pysdk
stdlib=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')
{
    if [ -d "$sdk" ]; then
        find "$sdk" -name '*.py' | while IFS= read -r f; do
            printf '%s %s\n' "$(printf %s "${f#"$sdk"/}" | b2sum | cut -c1-16)" "$f"
        done | sort | sed -n '1,1500p' | cut -d' ' -f2- | sed 's/^/pypi /'
    fi
    find "$stdlib" -name '*.py' -not -path '*/test/*' -not -path '*/site-packages/*' |
        sort | sed -n '1,800p' | sed 's/^/stdlib /'
    if [ -d /usr/lib/node_modules/npm ]; then
        find /usr/lib/node_modules/npm -name '*.js' | sort | sed -n '1,800p' | sed 's/^/npm /'
    fi
    for f in /usr/bin/* /usr/sbin/*; do
        if [ -f "$f" ] && head -c 20 "$f" 2>/dev/null | grep -qE '^#! ?/bin/(ba)?sh'; then
            echo "debsh $f"
        fi
    done | sort
} > "$work/list"

n=0
for jail in "$@"; do
    n=$((n + 1))
    export JAIL_STATE_DIR=$work/state-$n
    while read -r corpus file; do
        lang=()
        [ "$corpus" = debsh ] && lang=(--lang bash)
        # The exit status is the verdict: not a failure here.
        verdict=$("$jail" --policy "$work/policy.toml" review "${lang[@]}" "$file" 2>/dev/null |
            awk '/^verdict:/ { print $2 }' || true)
        echo "$corpus ${verdict:-ERROR} $file"
    done < "$work/list" > "$work/verdicts-$n"
    echo "$jail:"
    awk '{ n[$1]++; if ($2 != "APPROVE") refused[$1]++ }
         END { for (c in n) printf "  %-7s %5d files  not approved %4d\n", c, n[c], refused[c] }' \
        "$work/verdicts-$n" | sort
done
if [ $# -eq 2 ]; then
    echo "verdicts that changed (first build, then second):"
    paste -d' ' "$work/verdicts-1" "$work/verdicts-2" |
        awk '($2 == "APPROVE") != ($5 == "APPROVE") { print "  " $3 ": " $2 " -> " $5 }'
fi
