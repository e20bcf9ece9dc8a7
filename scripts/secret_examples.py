"""What the scripts that write tests/review-quality/secrets/ share:
reading a mirror with git, the two halves, and the `rule-id<TAB>example`
files (`\\`, newline, CR and tab escaped as `\\\\`, `\\n`, `\\r`, `\\t`).
Imported by scripts/{gitleaks,noseyparker,kingfisher,secretlint}-examples.py.
"""
import glob
import hashlib
import os
import subprocess

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "review-quality", "secrets")


def git(git_dir, *args):
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True, text=True).stdout


def escape(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")


def unescape(text):
    out, chars = [], iter(text)
    for c in chars:
        if c != "\\":
            out.append(c)
            continue
        n = next(chars, None)
        out.append({"n": "\n", "r": "\r", "t": "\t", None: "\\"}.get(n, n))
    return "".join(out)


def half(rule_id):
    """A rule's half: the first hex digit of sha256(rule id) below 8 is
    the tuning half, the rest is held out."""
    return "tuning" if hashlib.sha256(rule_id.encode()).hexdigest()[0] < "8" else "heldout"


def write(source, sets):
    """`sets`: (kind, half) -> [(rule id, example)], each written once, in
    order, to OUT/SOURCE-KIND-HALF.txt. Prints counts, never examples."""
    os.makedirs(OUT, exist_ok=True)
    for (kind, which), rows in sorted(sets.items()):
        path = os.path.join(OUT, f"{source}-{kind}-{which}.txt")
        seen = set()
        with open(path, "w") as out:
            for rule_id, example in rows:
                if (rule_id, example) in seen:
                    continue
                seen.add((rule_id, example))
                out.write(f"{rule_id}\t{escape(example)}\n")
        print(f"{path}: {len(seen)} examples")


def earlier_sources(prefixes):
    """Every example text of the other sources' files (compared, never shown)."""
    texts = set()
    for prefix in prefixes:
        for path in glob.glob(os.path.join(OUT, f"{prefix}-*.txt")):
            with open(path) as f:
                for line in f:
                    if "\t" in line:
                        texts.add(unescape(line.rstrip("\n").split("\t", 1)[1]))
    return texts


def split(raw, earlier):
    """`raw`: (kind, rule id, text) in order. The halves, without texts the
    earlier sources hold, repeats, or held-out texts the tuning half holds."""
    sets = {(kind, which): [] for kind in ("tps", "fps") for which in ("tuning", "heldout")}
    tuning_texts = {text for _kind, rule_id, text in raw if half(rule_id) == "tuning"}
    seen = set()
    counts = {"earlier": 0, "both halves": 0}
    for kind, rule_id, text in raw:
        if text in earlier:
            counts["earlier"] += 1
            continue
        which = half(rule_id)
        if which == "heldout" and text in tuning_texts:
            counts["both halves"] += 1
            continue
        if (kind, rule_id, text) in seen:
            continue
        seen.add((kind, rule_id, text))
        sets[(kind, which)].append((rule_id, text))
    return sets, counts
