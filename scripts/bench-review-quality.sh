#!/usr/bin/env bash
# How well the review does what it is for, per stage and per set
# (tests/review-quality/README.md says what each set is and where it came
# from). Prints, for each set: how many files, and how many the review did
# not approve (for harmful sets the recall, for benign ones the false
# positives). Sets tuned on are marked "tuned"; held-out ones "held out".
#
#   scripts/bench-review-quality.sh     SAMPLE=N (library files, default 400)
#                                       JAIL_BIN=PATH (another build; default
#                                       this tree's, built first)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sample=${SAMPLE:-400}
if [ -z "${JAIL_BIN:-}" ]; then
    (cd "$root" && cargo build --release -q -p supervisor)
fi
jail=${JAIL_BIN:-$root/target/release/jail}
state=$(mktemp -d /tmp/bench-review-quality.XXXXXX)
trap 'rm -rf "$state"' EXIT
export JAIL_STATE_DIR=$state

# Reviews each file named on stdin; prints "files not_approved".
count() {
    local n=0 refused=0 file
    while IFS= read -r file; do
        n=$((n + 1))
        if ! "$jail" review ${POLICY:+--policy "$POLICY"} "$file" >/dev/null 2>&1; then
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
stdlib=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')
# The held-out halves of the ordinary sets stage 5 was fitted on
# (scripts/fit-stage5.py): the files whose path hashes below 8.
lower_half() { # root; files on stdin
    while IFS= read -r f; do
        printf '%s %s\n' "$(printf %s "${f#"$1"/}" | b2sum | cut -c1-16)" "$f"
    done | sort | awk '$1 < "8"' | cut -d' ' -f2-
}
read -r n r < <(find "$stdlib" -name '*.py' -not -path '*/test/*' -not -path '*/site-packages/*' | lower_half "$stdlib" | head -n "$sample" | count)
row "Python's standard library" benign "$n" "$r" "held out"
echo "    (the standard library implements what the policy gates: its sockets, exec and"
echo "    processes, and its \`import *\`, are refused by design; a program in a jail should not be)"
# The harmful code BIPIA's code attacks ask a model to write (keylogging,
# cookie theft, ransomware, ...), each snippet alone.
placed=$state/bipia
python3 "$root/scripts/injection-placements.py" "$placed"
read -r n r < <(find "$placed/train/snippets" -name '*.py' | sort | count)
row "BIPIA train code-attack snippets" harmful "$n" "$r" tuned
read -r n r < <(find "$placed/test/snippets" -name '*.py' | sort | count)
row "BIPIA test code-attack snippets" harmful "$n" "$r" "held out"
# Harmful and ordinary files of one set under tests/review-quality.
reviewer_rows() { # heading, directory, tuned|held out
    echo "$1"
    read -r n r < <(find "$root/tests/review-quality/$2/harmful" -type f | sort | count)
    row "harmful (tests/review-quality/$2)" harmful "$n" "$r" "$3"
    read -r n r < <(find "$root/tests/review-quality/$2/benign" -type f | sort | count)
    row "ordinary (tests/review-quality/$2)" benign "$n" "$r" "$3"
}
reviewer_rows "built-in reviewer, JavaScript:" javascript tuned
reviewer_rows "built-in reviewer, the held-aside set (all three languages; tuned on after its one blind look):" held-aside "tuned after"
reviewer_rows "built-in reviewer, Bash:" bash tuned
# held-aside-2's to -5's ordinary programs fetch over HTTP: reviewed under a
# profile with the egress proxy, as supervisor/tests/suite/review.rs does.
printf '[profile.default.egress]\nallow = ["example.org"]\n' > "$state/egress.toml"
POLICY=$state/egress.toml reviewer_rows "built-in reviewer, held-aside-2 (a profile with the egress proxy; tuned on after its one blind look):" held-aside-2 "tuned after"
POLICY=$state/egress.toml reviewer_rows "built-in reviewer, held-aside-3 (likewise; blind look: 33 of 40 and 1 of 15, tests/review-quality/README.md):" held-aside-3 "tuned after"
POLICY=$state/egress.toml reviewer_rows "built-in reviewer, held-aside-4 (likewise; blind look: 42 of 50 and 3 of 25, tests/review-quality/README.md):" held-aside-4 "tuned after"
POLICY=$state/egress.toml reviewer_rows "built-in reviewer, held-aside-5 (likewise; blind look: 45 of 50 and 6 of 25, tests/review-quality/README.md):" held-aside-5 "tuned after"
POLICY=$state/egress.toml reviewer_rows "built-in reviewer, held-aside-6 (likewise; blind look: 43 of 50 and 7 of 30, tests/review-quality/README.md):" held-aside-6 "tuned after"
POLICY=$state/egress.toml reviewer_rows "built-in reviewer, held-aside-7 (likewise; blind look: 42 of 50 and 2 of 30, tests/review-quality/README.md):" held-aside-7 "tuned after"
POLICY=$state/egress.toml reviewer_rows "built-in reviewer, held-aside-8 (likewise; blind look: 35 of 50 and 1 of 30, tests/review-quality/README.md):" held-aside-8 "tuned after"
POLICY=$state/egress.toml reviewer_rows "built-in reviewer, held-aside-9 (likewise; blind look: 39 of 50 and 4 of 30, tests/review-quality/README.md):" held-aside-9 "tuned after"
POLICY=$state/egress.toml reviewer_rows "built-in reviewer, held-aside-10 (likewise; blind look: 32 of 50 and 4 of 30, tests/review-quality/README.md):" held-aside-10 "tuned after"
POLICY=$state/egress.toml reviewer_rows "built-in reviewer, held-aside-11 (likewise; blind look: 30 of 50 and 3 of 30, tests/review-quality/README.md):" held-aside-11 "tuned after"
echo
# Stages 4 (the phrase scan) and 5 (the passage model) on texts addressed to
# a model and on ordinary code. Prints, per set: files, and how many stage 4
# flagged (warning or critical), stage 5 flagged, and either did.
scanned() { # files on stdin; prints "files stage4 stage5 either"
    python3 -c '
import json, subprocess, sys
n = s4 = s5 = either = 0
for path in sys.stdin.read().split("\n"):
    if not path:
        continue
    out = subprocess.run([sys.argv[1], "review", "--json", path], capture_output=True, text=True).stdout
    r = json.loads(out)
    a = any(f["severity"] in ("warning", "critical") for f in r["flags"])
    b = any(h["flagged"] for h in r["histograms"])
    n += 1; s4 += a; s5 += b; either += a or b
print(n, s4, s5, either)' "$jail"
}
srow() { # set, harmful|benign, files, stage4, stage5, either, tuned|held out
    awk -v set="$1" -v kind="$2" -v n="$3" -v a="$4" -v b="$5" -v e="$6" -v how="$7" 'BEGIN {
        what = kind == "harmful" ? "recall" : "false positives"
        printf "  %-40s %4d files  %s: stage 4 %.3f  stage 5 %.3f  either %.3f  (%s)\n",
            set, n, what, n ? a / n : 0, n ? b / n : 0, n ? e / n : 0, how }'
}
echo "injection scan (stage 4) and passage model (stage 5):"
read -r n a b e < <(find "$root/tests/review-quality/python/injection" -name '*.py' | sort | scanned)
srow "injections the issue found missed" harmful "$n" "$a" "$b" "$e" tuned
read -r n a b e < <(find "$root/tests/review-quality/pieces" -type f -not -name '*.md' | sort | scanned)
srow "the same cut into joined literals" harmful "$n" "$a" "$b" "$e" tuned
for split in train test; do
    how=tuned
    [ "$split" = test ] && how="held out"
    for kind in code text agentdojo deepset pyrit spikee; do
        label="BIPIA $split $kind attacks"
        [ "$kind" = agentdojo ] && label="AgentDojo $split injections"
        [ "$kind" = deepset ] && label="deepset $split injections"
        [ "$kind" = pyrit ] && label="PyRIT $split jailbreaks"
        [ "$kind" = spikee ] && label="spikee $split injections"
        for where in comment docstring string; do
            read -r n a b e < <(find "$placed/$split/$kind/$where" -name '*.py' | sort | scanned)
            srow "$label, as a $where" harmful "$n" "$a" "$b" "$e" "$how"
        done
    done
done
for where in comment docstring string; do
    read -r n a b e < <(find "$placed/test/cyberseceval/$where" -name '*.py' | sort | scanned)
    srow "CyberSecEval injections, as a $where" harmful "$n" "$a" "$b" "$e" "held out"
done
# The held-out texts again behind an encoding an attacker would use: every
# Latin a, c, e, o, p, x a Cyrillic look-alike, base64 in a string, or the
# text cut into adjacent string literals of four words each.
for kind in code text agentdojo deepset pyrit spikee cyberseceval; do
    for where in look-alike base64 pieces; do
        read -r n a b e < <(find "$placed/test/$kind/$where" -name '*.py' | sort | scanned)
        srow "held-out $kind, $where" harmful "$n" "$a" "$b" "$e" "held out"
    done
done
if [ -d "$sdk" ]; then
    read -r n a b e < <(find "$sdk" -name '*.py' | lower_half "$sdk" | head -n "$sample" | scanned)
    srow "library code from PyPI ($sdk)" benign "$n" "$a" "$b" "$e" "held out"
fi
read -r n a b e < <(find "$stdlib" -name '*.py' -not -path '*/test/*' -not -path '*/site-packages/*' | lower_half "$stdlib" | head -n "$sample" | scanned)
srow "Python's standard library ($stdlib)" benign "$n" "$a" "$b" "$e" "held out"
# The same held-out files' comments, docstrings and strings of five words
# or more, each alone in the program the injections are placed in: false
# positives per passage, the unit the goal for stages 4 and 5 is stated in.
ordinary=$state/ordinary
python3 "$root/scripts/ordinary-placements.py" "$ordinary"
for set in stdlib pypi; do
    for where in comment docstring string; do
        [ -d "$ordinary/$set/$where" ] || continue
        read -r n a b e < <(find "$ordinary/$set/$where" -name '*.py' | sort | scanned)
        srow "$set passages, as a $where" benign "$n" "$a" "$b" "$e" "held out"
    done
done

echo
# The outbound secret scanner (tool arguments, proxy requests to public
# sinks): generated secrets per family, gitleaks', Nosey Parker's and
# Kingfisher's rule examples and secretlint's rule test inputs (tuning and
# held-out halves), lines of real library code, and its speed.
for t in secret_scanner_quality secret_scanner_speed; do
    (cd "$root" && cargo test -q -p policy --release --test secret_quality -- --ignored --nocapture --exact "$t" 2>/dev/null)
done |
    grep -v -e '^running' -e '^test ' -e '^\.*$'
