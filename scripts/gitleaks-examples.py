#!/usr/bin/env python3
"""Writes gitleaks' literal rule examples to tests/review-quality/secrets/.

gitleaks (MIT) keeps, next to each rule in cmd/generate/config/rules/*.go,
true-positive (`tps`) and false-positive (`fps`) examples. Many are built in
Go (`secrets.NewSecret(...)`, `utils.GenerateSampleSecrets(...)`); only the
plain string literals are taken here, so the sets are a subset.

Each rule goes to one half by a stable hash of its id: the first hex digit
of sha256(rule id) below 8 is the tuning half, the rest is held out.

Usage: scripts/gitleaks-examples.py GITLEAKS_GIT_DIR [COMMIT]
(GITLEAKS_GIT_DIR: a clone or bare mirror of github.com/gitleaks/gitleaks).
Output lines: `rule-id<TAB>example`, with `\\`, newline, CR and tab escaped
as `\\\\`, `\\n`, `\\r`, `\\t`.
"""

import ast
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
from secret_examples import git, half, write  # noqa: E402


def tokens(src, at):
    """Go tokens from `at`: (kind, text, end). Kinds: str, open, close, comma, other."""
    n = len(src)
    i = at
    while i < n:
        c = src[i]
        if c.isspace():
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j + 1
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == "`":
            j = src.find("`", i + 1)
            yield ("str", src[i + 1 : j], j + 1)
            i = j + 1
        elif c == '"':
            j = i + 1
            while src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            yield ("str", decode_quoted(src[i : j + 1]), j + 1)
            i = j + 1
        elif c == "'":
            j = i + 1
            while src[j] != "'":
                j += 2 if src[j] == "\\" else 1
            yield ("other", src[i : j + 1], j + 1)
            i = j + 1
        elif c in "([{":
            yield ("open", c, i + 1)
            i += 1
        elif c in ")]}":
            yield ("close", c, i + 1)
            i += 1
        elif c == ",":
            yield ("comma", c, i + 1)
            i += 1
        else:
            j = i + 1
            while j < n and not src[j].isspace() and src[j] not in "()[]{},`\"'" and not src.startswith("//", j):
                j += 1
            yield ("other", src[i:j], j)
            i = j


def decode_quoted(literal):
    try:
        return ast.literal_eval(literal)
    except (ValueError, SyntaxError):
        return None


def literal_elements(src, at):
    """The elements of the list that opens at `at` which are one string literal each."""
    depth = 0
    element = []
    out = []
    for kind, text, _end in tokens(src, at):
        if kind == "open":
            depth += 1
            if depth == 1:
                continue
        elif kind == "close":
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and kind == "comma":
            if len(element) == 1 and element[0][0] == "str" and element[0][1] is not None:
                out.append(element[0][1])
            element = []
            continue
        element.append((kind, text))
    if len(element) == 1 and element[0][0] == "str" and element[0][1] is not None:
        out.append(element[0][1])
    return out


LIST = re.compile(r"\b(tps|fps)\s*:?=\s*(?:\[\]string\s*(?=\{)|append\(\s*(?:tps|fps)\s*(?=,))")
FUNC = re.compile(r"^func\s", re.M)
RULE_ID = re.compile(r'RuleID:\s*"([^"]+)"')


def main():
    git_dir = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) > 2 else "HEAD"
    commit = git(git_dir, "rev-parse", commit).strip()
    files = git(git_dir, "ls-tree", "--name-only", f"{commit}:cmd/generate/config/rules").split()
    sets = {}
    for name in sorted(files):
        if not name.endswith(".go") or name.endswith("_test.go"):
            continue
        src = git(git_dir, "show", f"{commit}:cmd/generate/config/rules/{name}")
        starts = [m.start() for m in FUNC.finditer(src)] + [len(src)]
        for begin, end in zip(starts, starts[1:]):
            body = src[begin:end]
            rule = RULE_ID.search(body)
            if not rule:
                continue
            for m in LIST.finditer(body):
                brace = m.end() if body[m.end()] == "{" else body.rfind("(", 0, m.end())
                for example in literal_elements(body, brace):
                    if example.strip():
                        key = (m.group(1), half(rule.group(1)))
                        sets.setdefault(key, []).append((rule.group(1), example))
    write("gitleaks", sets)
    print(f"gitleaks commit {commit}")


if __name__ == "__main__":
    main()
