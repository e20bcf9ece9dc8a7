#!/usr/bin/env python3
"""Writes Nosey Parker's rule examples to tests/review-quality/secrets/.

Nosey Parker (Apache-2.0) keeps, in each rule of
crates/noseyparker/data/default/builtin/rules/*.yml, true-positive
(`examples`) and often false-positive (`negative_examples`) examples.

Only the rules of its `default` ruleset are taken ("rules that detect
secrets"), less those it files under `identifier` alone (a username, not a
secret). The `np.assets` rules (public identifiers and keys) and the
`np.hashes` rules (password hashes) are left out: their examples are
neither secrets the scanner must find nor look-alikes it must leave.

Each rule goes to one half by a stable hash of its id, as for gitleaks: the
first hex digit of sha256(rule id) below 8 is the tuning half, the rest is
held out.

Usage: scripts/noseyparker-examples.py NOSEYPARKER_GIT_DIR [COMMIT]
(NOSEYPARKER_GIT_DIR: a clone or bare mirror of
github.com/praetorian-inc/noseyparker). Output lines: `rule-id<TAB>example`,
with `\\`, newline, CR and tab escaped as `\\\\`, `\\n`, `\\r`, `\\t`. It
prints the commit it read and how many examples each file holds, never the
examples themselves.
"""

import hashlib
import os
import subprocess
import sys

import yaml

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "review-quality", "secrets")
DATA = "crates/noseyparker/data/default/builtin"


def git(git_dir, *args):
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True, text=True).stdout


def escape(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")


def half(rule_id):
    return "tuning" if hashlib.sha256(rule_id.encode()).hexdigest()[0] < "8" else "heldout"


def default_rule_ids(git_dir, commit):
    doc = yaml.safe_load(git(git_dir, "show", f"{commit}:{DATA}/rulesets/default.yml"))
    return {rule_id for ruleset in doc["rulesets"] if ruleset["id"] == "default" for rule_id in ruleset["include_rule_ids"]}


def main():
    git_dir = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) > 2 else "HEAD"
    commit = git(git_dir, "rev-parse", commit).strip()
    wanted = default_rule_ids(git_dir, commit)
    files = git(git_dir, "ls-tree", "--name-only", f"{commit}:{DATA}/rules").split()
    sets = {(kind, which): [] for kind in ("tps", "fps") for which in ("tuning", "heldout")}
    for name in sorted(files):
        if not name.endswith(".yml"):
            continue
        doc = yaml.safe_load(git(git_dir, "show", f"{commit}:{DATA}/rules/{name}"))
        for rule in doc.get("rules") or []:
            rule_id = rule["id"]
            categories = rule.get("categories") or []
            if rule_id not in wanted or ("identifier" in categories and "secret" not in categories):
                continue
            for kind, key in (("tps", "examples"), ("fps", "negative_examples")):
                for example in rule.get(key) or []:
                    if isinstance(example, str) and example.strip():
                        sets[(kind, half(rule_id))].append((rule_id, example))
    os.makedirs(OUT, exist_ok=True)
    for (kind, which), rows in sorted(sets.items()):
        path = os.path.join(OUT, f"noseyparker-{kind}-{which}.txt")
        seen = set()
        with open(path, "w") as out:
            for rule_id, example in rows:
                if (rule_id, example) in seen:
                    continue
                seen.add((rule_id, example))
                out.write(f"{rule_id}\t{escape(example)}\n")
        print(f"{path}: {len(seen)} examples")
    print(f"noseyparker commit {commit}")


if __name__ == "__main__":
    main()
