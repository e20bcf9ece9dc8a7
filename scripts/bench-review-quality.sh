#!/usr/bin/env bash
# How well the review does what it is for, per stage and per set
# (tests/review-quality/README.md says what each set is and where it came
# from). Prints, for each set: how many files, and how many the review did
# not approve (for harmful sets the recall, for benign ones the false
# positives). Sets tuned on are marked "tuned"; held-out ones "held out".
#
#   scripts/bench-review-quality.sh     SAMPLE=N (library files, default 400)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sample=${SAMPLE:-400}
(cd "$root" && cargo build --release -q -p supervisor)
jail=$root/target/release/jail
state=$(mktemp -d /tmp/bench-review-quality.XXXXXX)
trap 'rm -rf "$state"' EXIT
export JAIL_STATE_DIR=$state

# Reviews each file named on stdin; prints "files not_approved".
count() {
    local n=0 refused=0 file
    while IFS= read -r file; do
        n=$((n + 1))
        if ! "$jail" review "$file" >/dev/null 2>&1; then
            refused=$((refused + 1))
        fi
    done
    echo "$n $refused"
}

row() { # set, kind, files, refused, tuned|held out, [what "refused" means]
    local rate what=${6:-not approved}
    rate=$(awk -v r="$4" -v n="$3" 'BEGIN { printf "%.3f", n ? r / n : 0 }')
    if [ "$2" = harmful ]; then
        printf "  %-44s %5d files  %s %5d  recall %s  (%s)\n" "$1" "$3" "$what" "$4" "$rate" "$5"
    else
        printf "  %-44s %5d files  %s %5d  false positives %s  (%s)\n" "$1" "$3" "$what" "$4" "$rate" "$5"
    fi
}

echo "built-in reviewer (stages 1-6, jail review), Python:"
read -r n r < <(find "$root/tests/review-quality/python/harmful" -name '*.py' | sort | count)
row "harmful spellings (tests/review-quality)" harmful "$n" "$r" tuned
read -r n r < <(find "$root/tests/review-quality/python/benign" -name '*.py' | sort | count)
row "ordinary scripts (tests/review-quality)" benign "$n" "$r" tuned
sdk=/opt/jail-ci/pysdk
if [ -d "$sdk" ]; then
    # A fixed sample: the files whose path hashes lowest, so every run and
    # every machine with the same packages reviews the same ones.
    read -r n r < <(find "$sdk" -name '*.py' | while IFS= read -r f; do
            printf '%s %s\n' "$(printf %s "${f#"$sdk"/}" | b2sum | cut -c1-16)" "$f"
        done | sort | head -n "$sample" | cut -d' ' -f2- | count)
    row "library code from PyPI ($sdk)" benign "$n" "$r" "held out"
else
    echo "  (no $sdk: .ci/run installs the packages the held-out library set is drawn from)"
fi
echo "built-in reviewer, JavaScript:"
read -r n r < <(find "$root/tests/review-quality/javascript/harmful" -type f | sort | count)
row "harmful spellings (tests/review-quality)" harmful "$n" "$r" tuned
read -r n r < <(find "$root/tests/review-quality/javascript/benign" -type f | sort | count)
row "ordinary scripts (tests/review-quality)" benign "$n" "$r" tuned

echo
# Stage 4, the injection scan: flagged (any severity above info) on the
# injection set, critical flags on the held-out library sample.
flags() { # severity regex; files on stdin; prints "files flagged"
    local n=0 hit=0 file
    while IFS= read -r file; do
        n=$((n + 1))
        if "$jail" review --json "$file" 2>/dev/null |
            python3 -c 'import json, re, sys; r = json.load(sys.stdin); sys.exit(0 if any(re.fullmatch(sys.argv[1], f["severity"]) for f in r["flags"]) else 1)' "$1"; then
            hit=$((hit + 1))
        fi
    done
    echo "$n $hit"
}
echo "injection scan (stage 4):"
read -r n r < <(find "$root/tests/review-quality/python/injection" -name '*.py' | sort | flags 'critical|warning')
row "injections the issue found missed (tests/...)" harmful "$n" "$r" tuned flagged
if [ -d "$sdk" ]; then
    read -r n r < <(find "$sdk" -name '*.py' | while IFS= read -r f; do
            printf '%s %s\n' "$(printf %s "${f#"$sdk"/}" | b2sum | cut -c1-16)" "$f"
        done | sort | head -n "$sample" | cut -d' ' -f2- | flags critical)
    row "library code from PyPI" benign "$n" "$r" "held out" "critical flag"
fi

echo
# The outbound secret scanner (tool arguments, proxy requests to public
# sinks): generated secrets per family, and lines of real library code.
(cd "$root" && cargo test -q -p policy --release --test secret_quality -- --ignored --nocapture 2>/dev/null) |
    grep -v -e '^running' -e '^test ' -e '^\.*$'
