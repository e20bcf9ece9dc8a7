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

A negative example is a look-alike for its own rule, not always for every
rule: Nosey Parker files a Slack bot token as a negative example of its
Slack *user* token rule. So a negative example that the pattern of any
taken rule matches (a secret by Nosey Parker's own measure) is left out;
the rest are the false-positive examples. The patterns are compiled with
the `regex` module's V1 behaviour, whose scoped inline flags (`(?i)`
mid-pattern) are those of Nosey Parker's Rust regexes.

Each rule goes to one half by a stable hash of its id, as for gitleaks: the
first hex digit of sha256(rule id) below 8 is the tuning half, the rest is
held out.

Usage: scripts/noseyparker-examples.py NOSEYPARKER_GIT_DIR [COMMIT]
(NOSEYPARKER_GIT_DIR: a clone or bare mirror of
github.com/praetorian-inc/noseyparker; needs the PyPI packages PyYAML and
regex). Output lines: `rule-id<TAB>example`,
with `\\`, newline, CR and tab escaped as `\\\\`, `\\n`, `\\r`, `\\t`. It
prints the commit it read and how many examples each file holds, never the
examples themselves.
"""

import sys

import regex
import yaml

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
from secret_examples import git, half, write  # noqa: E402


DATA = "crates/noseyparker/data/default/builtin"


def default_rule_ids(git_dir, commit):
    doc = yaml.safe_load(git(git_dir, "show", f"{commit}:{DATA}/rulesets/default.yml"))
    return {rule_id for ruleset in doc["rulesets"] if ruleset["id"] == "default" for rule_id in ruleset["include_rule_ids"]}


def main():
    git_dir = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) > 2 else "HEAD"
    commit = git(git_dir, "rev-parse", commit).strip()
    wanted = default_rule_ids(git_dir, commit)
    files = git(git_dir, "ls-tree", "--name-only", f"{commit}:{DATA}/rules").split()
    rules = []
    for name in sorted(files):
        if name.endswith(".yml"):
            doc = yaml.safe_load(git(git_dir, "show", f"{commit}:{DATA}/rules/{name}"))
            rules.extend(doc.get("rules") or [])
    taken = [
        rule
        for rule in rules
        if rule["id"] in wanted
        and not ("identifier" in (rule.get("categories") or []) and "secret" not in (rule.get("categories") or []))
    ]
    patterns = [regex.compile(rule["pattern"], flags=regex.V1) for rule in taken]
    sets = {(kind, which): [] for kind in ("tps", "fps") for which in ("tuning", "heldout")}
    dropped = {"tuning": 0, "heldout": 0}
    for rule in taken:
        rule_id = rule["id"]
        for example in rule.get("examples") or []:
            if isinstance(example, str) and example.strip():
                sets[("tps", half(rule_id))].append((rule_id, example))
        for example in rule.get("negative_examples") or []:
            if not isinstance(example, str) or not example.strip():
                continue
            if any(pattern.search(example) for pattern in patterns):
                dropped[half(rule_id)] += 1
                continue
            sets[("fps", half(rule_id))].append((rule_id, example))
    write("noseyparker", sets)
    for which, count in dropped.items():
        print(f"{which}: {count} negative examples left out (a taken rule's pattern matches them)")
    print(f"noseyparker commit {commit}")


if __name__ == "__main__":
    main()
