#!/usr/bin/env python3
"""Writes secretlint's rule test inputs to tests/review-quality/secrets/.

secretlint (MIT) tests each rule package,
packages/@secretlint/secretlint-rule-*/test/snapshots/<case>/input*, with
cases named `ng.*` (the rule must report something: true positives) and
`ok.*` (it must not: false positives if flagged). Each input is a whole
small file (a config, a README, a JSON key file); it is taken whole, as one
example. The rule id is the package name (`secretlint-rule-github`).

Left out:
- cases with a `.secretlintrc.json`: their verdict depends on the rule's
  options (an `ok.allows` case holds a real-format secret the options
  allow; an `ng` case may turn on a check for a public identifier such
  as an AWS account id);
- inputs that are not UTF-8 text (PKCS#12 files);
- packages that are not credential rules: the example rule, the comment
  filter, the internal test rules, `no-dotenv` and `no-homedir` (which
  flag a file's name or a home directory's path), `pattern` (patterns
  the user configures), and the two presets (which bundle the others).

An input whose exact text is already in the gitleaks, Nosey Parker or
Kingfisher example files here is left out, as is an `ok` input that is
also an `ng` input.

Each rule goes to one half by a stable hash of its id, as for gitleaks:
the first hex digit of sha256(rule id) below 8 is the tuning half, the
rest is held out.

Usage: scripts/secretlint-examples.py SECRETLINT_GIT_DIR [COMMIT]
(SECRETLINT_GIT_DIR: a clone or bare mirror of
github.com/secretlint/secretlint). Output lines: `rule-id<TAB>example`,
escaped as the other sources' files. It prints the commit it read and
counts, never the examples themselves.
"""

import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
from secret_examples import earlier_sources, git, split, write  # noqa: E402

PACKAGES = "packages/@secretlint"
NOT_CREDENTIAL_RULES = {
    "secretlint-rule-example",
    "secretlint-rule-filter-comments",
    "secretlint-rule-internal-test-cjs",
    "secretlint-rule-internal-test-esm",
    "secretlint-rule-no-dotenv",
    "secretlint-rule-no-homedir",
    "secretlint-rule-pattern",
    "secretlint-rule-preset-canary",
    "secretlint-rule-preset-recommend",
}


def git_bytes(git_dir, *args):
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True).stdout


def main():
    git_dir = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) > 2 else "HEAD"
    commit = git(git_dir, "rev-parse", commit).strip()
    paths = git(git_dir, "ls-tree", "-r", "--name-only", commit, PACKAGES).splitlines()
    cases = {}
    for path in paths:
        parts = path.split("/")
        # packages/@secretlint/<package>/test/snapshots/<case>/<file>
        if len(parts) != 7 or parts[3:5] != ["test", "snapshots"]:
            continue
        package, case, name = parts[2], parts[5], parts[6]
        if not package.startswith("secretlint-rule-") or package in NOT_CREDENTIAL_RULES:
            continue
        if not case.startswith(("ng.", "ok.")):
            continue
        entry = cases.setdefault((package, case), {"inputs": [], "options": False})
        if name == ".secretlintrc.json":
            entry["options"] = True
        elif name == "input" or name.startswith("input."):
            entry["inputs"].append(path)
    raw, counts = [], {"options": 0, "binary": 0}
    for (package, case), entry in sorted(cases.items()):
        if entry["options"]:
            counts["options"] += 1
            continue
        for path in entry["inputs"]:
            try:
                text = git_bytes(git_dir, "show", f"{commit}:{path}").decode("utf-8")
            except UnicodeDecodeError:
                counts["binary"] += 1
                continue
            if text.strip():
                raw.append(("tps" if case.startswith("ng.") else "fps", package, text))
    positives = {text for kind, _rule, text in raw if kind == "tps"}
    both = sum(1 for kind, _rule, text in raw if kind == "fps" and text in positives)
    raw = [(kind, rule, text) for kind, rule, text in raw if kind == "tps" or text not in positives]
    sets, left_out = split(raw, earlier_sources(["gitleaks", "noseyparker", "kingfisher"]))
    write("secretlint", sets)
    print(f"left out: {counts['options']} cases with options, {counts['binary']} binary inputs, {both} ok inputs also ng inputs")
    print(f"left out: {left_out['earlier']} inputs already in the other sources' files, {left_out['both halves']} held-out texts also in the tuning half")
    print(f"secretlint commit {commit}")


if __name__ == "__main__":
    main()
