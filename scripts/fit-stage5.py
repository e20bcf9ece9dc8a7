#!/usr/bin/env python3
"""Fits stage 5 of the review (review/src/histogram.rs) on data and writes
its weights to review/src/histogram/weights.rs.

The model is a logistic regression over the distinct words and adjacent
word pairs of one passage (a string, a docstring, or a run of comments),
plus a bias and a length term, cut into words by the review's own code
(`cargo run --example passages`).

- Text addressed to a model: the train halves of BIPIA's attack texts,
  AgentDojo's injections, deepset's prompt injections, PyRIT's jailbreak
  templates and spikee's injections (tests/review-quality/bipia,
  agentdojo, deepset, pyrit, spikee), each as a comment block.
- Ordinary text: the passages of the files of the PyPI packages in
  /opt/jail-ci/pysdk (what .ci/run installs) and of Python's standard
  library whose path hashes into the upper half (blake2b, first hex digit
  8-f). The lower half, those sets' test halves and CyberSecEval's
  injections are held out for scripts/bench-review-quality.sh.

The threshold is the lowest score that flags at most 0.5% of the passages
(of five words or more) of each ordinary training set. Deterministic: the
same data gives the same table.

    scripts/fit-stage5.py                    (about a minute)
    scripts/fit-stage5.py --leave-one-out    (how it does on an unseen source)
"""
import collections
import hashlib
import json
import math
import os
import subprocess
import sys
import sysconfig
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SDK = "/opt/jail-ci/pysdk"
STDLIB = sysconfig.get_paths()["stdlib"]
# Passages shorter than this are not scored (review/src/histogram.rs).
MIN_WORDS = 5
# A feature must occur in this many positive passages to be learned...
MIN_POSITIVE = 3
# ...and in at most this share of ordinary ones (so `the` is not learned
# as a sign of an injection).
MAX_ORDINARY_SHARE = 0.003
# The most common features of ordinary text, learned too (negative weights).
ORDINARY_FEATURES = 1000
L2 = 100.0
EPOCHS = 300
RATE = 0.3
# The share of ordinary passages (of MIN_WORDS or more) the threshold may
# flag, in each ordinary training set. Review's goal for stage 5 counts
# false positives per comment, docstring or string (at most 0.02). A
# share of files instead (0.5%, until 2026-11-27) flagged about 0.05% of
# passages and reached 0.505 mean recall on an unseen source
# (--leave-one-out); 0.5% of passages reaches 0.727, 1% 0.754, 2% 0.787
# (see docs/decisions/0018-stage-5-counts-passages.md).
PASSAGE_FALSE_POSITIVES = 0.005
# The train halves of the sets of text addressed to a model
# (scripts/injection-placements.py's names for them).
SOURCES = ("code", "text", "agentdojo", "deepset", "pyrit", "spikee")


def upper_half(root, path):
    rel = os.path.relpath(path, root)
    return hashlib.blake2b(rel.encode()).hexdigest()[0] >= "8"


def python_files(root):
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        # The standard library alone: not its tests, not the packages a
        # Python installation may keep beside it.
        if root == STDLIB and os.path.basename(folder) in ("test", "site-packages"):
            dirs.clear()
            continue
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def passages(files):
    """The passages of the files, as the review cuts them."""
    run = subprocess.run(
        ["cargo", "run", "-q", "--release", "-p", "review", "--example", "passages"],
        cwd=ROOT, input="\n".join(files), capture_output=True, text=True, check=True,
    )
    return [json.loads(line) for line in run.stdout.splitlines()]


def features(words):
    out = set(words)
    out.update(a + " " + b for a, b in zip(words, words[1:]))
    return out


def read_sets():
    """The train halves' passages (one per file, its longest) with their
    source, and the ordinary sets' passages by root."""
    with tempfile.TemporaryDirectory() as placed:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "injection-placements.py"), placed], check=True)
        attack_files = {
            os.path.join(placed, "train", kind, "comment", name): kind
            for kind in SOURCES
            for name in os.listdir(os.path.join(placed, "train", kind, "comment"))
        }
        longest = {}
        for p in passages(sorted(attack_files)):
            if len(p["words"]) > len(longest.get(p["file"], {"words": []})["words"]):
                longest[p["file"]] = p
        positive = [(attack_files[f], p["words"]) for f, p in sorted(longest.items())]
    ordinary_sets = {}
    for root in (SDK, STDLIB):
        files = [f for f in python_files(root) if upper_half(root, f)]
        ordinary_sets[root] = passages(files)
    return positive, ordinary_sets


def fit(positive, ordinary_sets):
    """The model fitted on (source, words) passages addressed to a model and
    the ordinary sets: (table, bias, length weight, threshold logit)."""
    negative = [p["words"] for rows in ordinary_sets.values() for p in rows if len(p["words"]) >= MIN_WORDS]
    df_pos = collections.Counter(f for _, w in positive for f in features(w))
    df_neg = collections.Counter(f for w in negative for f in features(w))
    vocab = {f for f, c in df_pos.items() if c >= MIN_POSITIVE and df_neg[f] / len(negative) <= MAX_ORDINARY_SHARE}
    vocab |= {f for f, _ in df_neg.most_common(ORDINARY_FEATURES)}
    vocab = sorted(vocab)
    index = {f: i for i, f in enumerate(vocab)}
    # Each source weighs as much as the others, whatever its size: a big
    # set of one style would otherwise teach its own vocabulary and little
    # else (leave-one-out recall on an unseen source: 0.49 unweighted,
    # 0.51 weighted; see tests/review-quality/README.md).
    per_source = collections.Counter(s for s, _ in positive)
    rows = [
        ([index[f] for f in features(w) if f in index], math.log1p(len(w)), len(negative) / (len(per_source) * per_source[s]))
        for s, w in positive
    ]
    rows += [([index[f] for f in features(w) if f in index], math.log1p(len(w)), 0.0) for w in negative]

    # Adagrad on the class-balanced log loss with an L2 penalty. A row's
    # third field is its weight as a positive, 0 for ordinary text.
    n = len(vocab) + 2
    bias, length = n - 2, n - 1
    weight = [0.0] * n
    squares = [1e-8] * n
    total = 2 * len(negative)
    for _ in range(EPOCHS):
        grad = [0.0] * n
        for present, log_len, positive_weight in rows:
            z = weight[bias] + weight[length] * log_len + sum(weight[j] for j in present)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            d = positive_weight * (p - 1) if positive_weight else p
            grad[bias] += d
            grad[length] += d * log_len
            for j in present:
                grad[j] += d
        for j in range(n):
            g = grad[j] / total + (L2 * weight[j] / total if j < bias else 0.0)
            squares[j] += g * g
            weight[j] -= RATE * g / math.sqrt(squares[j])
    table = {f: round(weight[i], 3) for f, i in index.items() if abs(weight[i]) >= 0.01}
    b, lw = round(weight[bias], 3), round(weight[length], 3)
    threshold = -math.inf
    for rows_of_set in ordinary_sets.values():
        scored = [p["words"] for p in rows_of_set if len(p["words"]) >= MIN_WORDS]
        scores = sorted((logit(table, b, lw, words) for words in scored), reverse=True)
        threshold = max(threshold, scores[int(len(scores) * PASSAGE_FALSE_POSITIVES)])
    return table, b, lw, threshold


def logit(table, b, lw, words):
    z, evidence = b + lw * math.log1p(len(words)), 0
    for f in features(words):
        if f in table:
            z += table[f]
            evidence += table[f] > 0
    return z if evidence >= 2 and len(words) >= MIN_WORDS else -math.inf


def file_scores(table, b, lw, rows):
    best = collections.defaultdict(lambda: -math.inf)
    for p in rows:
        best[p["file"]] = max(best[p["file"]], logit(table, b, lw, p["words"]))
    return best


def leave_one_out(positive, ordinary_sets):
    """How the model does on a source it never saw: fitted without each
    source in turn, its recall on that source's train half; and its false
    positives, per file and per passage, on a quarter of the ordinary files
    kept out of that fit (blake2b first hex digit c-f). Test halves are not
    read."""
    def quarter(root, rows, keep):
        return [p for p in rows if (hashlib.blake2b(os.path.relpath(p["file"], root).encode()).hexdigest()[0] >= "c") == keep]
    fit_sets = {root: quarter(root, rows, False) for root, rows in ordinary_sets.items()}
    check_sets = {root: quarter(root, rows, True) for root, rows in ordinary_sets.items()}
    recalls = []
    for left_out in SOURCES:
        table, b, lw, threshold = fit([(s, w) for s, w in positive if s != left_out], fit_sets)
        unseen = [w for s, w in positive if s == left_out]
        recall = sum(logit(table, b, lw, w) >= threshold for w in unseen) / len(unseen)
        recalls.append(recall)
        fps = []
        for root, rows in check_sets.items():
            scores = file_scores(table, b, lw, rows).values()
            scored = [p for p in rows if len(p["words"]) >= MIN_WORDS]
            per_passage = sum(logit(table, b, lw, p["words"]) >= threshold for p in scored) / len(scored)
            fps.append(f"{os.path.basename(root)} files {sum(s >= threshold for s in scores) / len(scores):.4f} passages {per_passage:.4f}")
        print(f"without {left_out:10} recall on it {recall:.3f}  ordinary files flagged: {', '.join(fps)}")
    print(f"mean recall on an unseen source {sum(recalls) / len(recalls):.3f}")


def main():
    if not os.path.isdir(SDK):
        sys.exit(f"no {SDK}: .ci/run installs the packages the ordinary set is drawn from")
    positive, ordinary_sets = read_sets()
    if sys.argv[1:] == ["--leave-one-out"]:
        leave_one_out(positive, ordinary_sets)
        return
    table, b, lw, threshold = fit(positive, ordinary_sets)
    probability = round(1 / (1 + math.exp(-threshold)), 4)
    print(f"{len(positive)} passages addressed to a model, {len(table)} weights, bias {b}, length {lw}, threshold {probability}", file=sys.stderr)

    out = os.path.join(ROOT, "review", "src", "histogram", "weights.rs")
    lines = []
    lines.append("//! Stage 5's model, fitted by `scripts/fit-stage5.py`: do not edit by\n")
    lines.append("//! hand, run the script.\n\n")
    lines.append(f"/// The constant term of the logit.\npub const BIAS: f64 = {b!r};\n")
    lines.append(f"/// Times ln(1 + words of the passage).\npub const LENGTH: f64 = {lw!r};\n")
    lines.append(f"/// The probability at or above which a passage is flagged.\npub const THRESHOLD: f64 = {probability!r};\n")
    lines.append(f"/// Passages with fewer words are not scored.\npub const MIN_WORDS: usize = {MIN_WORDS};\n")
    # One string and two tables of numbers, not a table of (&str, f64):
    # no pointer for the static binary's start-up to relocate.
    features = sorted(table)
    lines.append("/// Every feature (a word, or two words and a space), sorted for binary\n/// search, each ended by a newline: one string, so that the table holds no\n/// pointers for the static binary's start-up to relocate.\n")
    lines.append('#[allow(clippy::useless_concat, reason = "one literal per feature, for diffs")]\n')
    lines.append("#[rustfmt::skip]\npub static FEATURES: &str = concat!(\n")
    for feature in features:
        lines.append(f"    {json.dumps(feature + chr(10), ensure_ascii=False)},\n")
    lines.append(");\n")
    lines.append("/// Where each feature of [`FEATURES`] starts, and, last, the length of\n/// [`FEATURES`].\n")
    lines.append("#[rustfmt::skip]\npub static STARTS: &[u32] = &[\n")
    at = 0
    for feature in features:
        lines.append(f"    {at},\n")
        at += len(feature.encode()) + 1
    lines.append(f"    {at},\n];\n")
    lines.append("/// Each feature's weight, in the order of [`FEATURES`].\n")
    # A fitted 0.318 is not an approximation of 1/pi.
    lines.append('#[allow(clippy::approx_constant, reason = "fitted weights, not constants")]\n')
    lines.append("#[rustfmt::skip]\npub static WEIGHTS: &[f64] = &[\n")
    for feature in features:
        lines.append(f"    {table[feature]!r},\n")
    lines.append("];\n")
    with open(out, "w") as f:
        f.write("".join(lines))
    print(f"wrote {os.path.relpath(out, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
