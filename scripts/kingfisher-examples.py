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

import re
import sys

import regex
import yaml

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
from secret_examples import earlier_sources, git, half, split, write  # noqa: E402


IDENTIFIER = re.compile(r"(?:Client ID|Username|Domain|Host|(?<!Webhook )(?<!in a )URL)$")


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
    write("kingfisher", sets)
    print(f"{len(taken)} of {len(rules)} rules taken; {uncompiled} patterns not compiled; {not_strings} examples not strings")
    print(f"left out: {counts['earlier']} examples already in gitleaks' or Nosey Parker's files, {counts['both halves']} held-out texts also in the tuning half")
    for which, count in dropped.items():
        print(f"{which}: {count} negative examples left out (a taken rule's pattern matches them)")
    print(f"kingfisher commit {commit}")


if __name__ == "__main__":
    main()
