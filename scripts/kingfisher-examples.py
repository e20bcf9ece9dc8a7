#!/usr/bin/env python3
"""Writes Kingfisher's rule examples to tests/review-quality/secrets/.

Kingfisher (MongoDB, Apache-2.0) keeps, in each rule of data/rules/*.yml,
true-positive `examples` and, for a few rules, `negative_examples`.

Taken: the rules Kingfisher reports. Left out: those it marks
`visible: false` (parts another rule depends on: an account's domain, a
client id, a username, a host), and those whose name says they are an
identifier rather than a secret (`… Client ID`, `… Username`, `… Domain`,
`… Host`, a service's `… URL` other than a webhook's or credentials in
one), and its password hash rules (`Password Hash (bcrypt)`, …), left out
as Nosey Parker's `np.hashes` rules are. Examples that are not plain
strings are skipped.

Kingfisher began as a fork of Nosey Parker and borrows from gitleaks:
an example whose exact text is already in the gitleaks or Nosey Parker
example files here (either half, either kind) is left out, so the
sources stay independent. An example whose text is in both halves (two
rules share it) is kept in the tuning half only.

A negative example is a look-alike for its own rule only: one that the
pattern of any taken rule matches (a secret by Kingfisher's own measure)
is left out, as for Nosey Parker. Patterns the `regex` module cannot
compile (Rust-only syntax) are counted and not used for that filter.

Each rule goes to one half by a stable hash of its id, as for gitleaks:
the first hex digit of sha256(rule id) below 8 is the tuning half, the
rest is held out.

Usage: scripts/kingfisher-examples.py KINGFISHER_GIT_DIR [COMMIT]
(KINGFISHER_GIT_DIR: a clone or bare mirror of github.com/mongodb/kingfisher;
needs the PyPI packages PyYAML and regex). Output lines:
`rule-id<TAB>example`, escaped as the other sources' files. It prints the
commit it read and counts, never the examples themselves.
"""

import glob
import hashlib
import os
import re
import subprocess
import sys

import regex
import yaml

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "review-quality", "secrets")
IDENTIFIER = re.compile(r"(?:Client ID|Username|Domain|Host|(?<!Webhook )(?<!in a )URL)$")


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
    return "tuning" if hashlib.sha256(rule_id.encode()).hexdigest()[0] < "8" else "heldout"


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


def write(source, sets):
    for (kind, which), rows in sorted(sets.items()):
        path = os.path.join(OUT, f"{source}-{kind}-{which}.txt")
        with open(path, "w") as out:
            for rule_id, example in rows:
                out.write(f"{rule_id}\t{escape(example)}\n")
        print(f"{path}: {len(rows)} examples")


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


def main():
    git_dir = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) > 2 else "HEAD"
    commit = git(git_dir, "rev-parse", commit).strip()
    files = git(git_dir, "ls-tree", "--name-only", f"{commit}:data/rules").split()
    rules = []
    for name in sorted(files):
        if name.endswith((".yml", ".yaml")):
            doc = yaml.safe_load(git(git_dir, "show", f"{commit}:data/rules/{name}"))
            rules.extend(doc.get("rules") or [])
    taken = [
        r
        for r in rules
        if r.get("visible") is not False
        and not IDENTIFIER.search(r["name"].strip())
        and not r["name"].startswith("Password Hash")
    ]
    patterns, uncompiled = [], 0
    for rule in taken:
        try:
            patterns.append(regex.compile(rule["pattern"], flags=regex.V1))
        except regex.error:
            uncompiled += 1
    raw, not_strings, dropped = [], 0, {"tuning": 0, "heldout": 0}
    for rule in taken:
        for example in rule.get("examples") or []:
            if not isinstance(example, str):
                not_strings += 1
            elif example.strip():
                raw.append(("tps", rule["id"], example))
        for example in rule.get("negative_examples") or []:
            if not isinstance(example, str) or not example.strip():
                continue
            if any(pattern.search(example) for pattern in patterns):
                dropped[half(rule["id"])] += 1
                continue
            raw.append(("fps", rule["id"], example))
    sets, counts = split(raw, earlier_sources(["gitleaks", "noseyparker"]))
    os.makedirs(OUT, exist_ok=True)
    write("kingfisher", sets)
    print(f"{len(taken)} of {len(rules)} rules taken; {uncompiled} patterns not compiled; {not_strings} examples not strings")
    print(f"left out: {counts['earlier']} examples already in gitleaks' or Nosey Parker's files, {counts['both halves']} held-out texts also in the tuning half")
    for which, count in dropped.items():
        print(f"{which}: {count} negative examples left out (a taken rule's pattern matches them)")
    print(f"kingfisher commit {commit}")


if __name__ == "__main__":
    main()
