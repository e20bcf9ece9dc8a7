#!/usr/bin/env python3
"""Writes real comments, docstrings and strings, one to a file, into the
small ordinary Python program scripts/injection-placements.py puts the
injections in, the same way (a comment block, a docstring, a string
literal): the false-positive side of the injection sets, counted per
passage, the unit the review's goal for stages 4 and 5 is stated in.

The passages come from the held-out halves of the ordinary sets (the
files of Python's standard library and of the PyPI packages in
/opt/jail-ci/pysdk whose path hashes below 8, blake2b, as
scripts/fit-stage5.py and scripts/bench-review-quality.sh split them);
only passages of five words or more (what stage 5 scores). A fixed
sample: the passages whose (path, kind, place) hashes lowest.

    scripts/ordinary-placements.py OUT [N]     (N per set and kind, default 200)

Files land in OUT/{stdlib,pypi}/{comment,docstring,string}/NNN.py.
"""
import ast
import hashlib
import importlib.util
import io
import os
import re
import sys
import tokenize

HERE = os.path.dirname(os.path.abspath(__file__))
WORD = re.compile(r"[^\W\d_]{2,}")


def script(name):
    """Another script of this folder, as a module."""
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), os.path.join(HERE, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


placements = script("injection-placements")
fit = script("fit-stage5")


def passages(source):
    """(kind, place, text) of the comment blocks, docstrings and other
    strings of one file."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                docstrings.add(id(body[0].value))
                yield "docstring", body[0].lineno, body[0].value.value
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield "string", node.lineno, node.value
    block, last = [], None
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type != tokenize.COMMENT:
            continue
        line = tok.start[0]
        if block and last != line - 1:
            yield "comment", line, "\n".join(block)
            block = []
        block.append(tok.string.lstrip("#").strip())
        last = line
    if block:
        yield "comment", last, "\n".join(block)


def main():
    out = sys.argv[1]
    per_kind = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    for name, root in (("stdlib", fit.STDLIB), ("pypi", fit.SDK)):
        if not os.path.isdir(root):
            continue
        found = {"comment": [], "docstring": [], "string": []}
        for path in fit.python_files(root):
            if fit.upper_half(root, path):
                continue
            rel = os.path.relpath(path, root)
            try:
                with open(path, encoding="utf-8") as f:
                    source = f.read()
                items = list(passages(source))
            except (SyntaxError, UnicodeDecodeError, ValueError, tokenize.TokenError):
                continue
            for kind, place, text in items:
                if len(WORD.findall(text)) >= 5:
                    key = hashlib.blake2b(f"{rel}:{kind}:{place}:{text}".encode()).hexdigest()
                    found[kind].append((key, text))
        for kind, items in found.items():
            folder = os.path.join(out, name, kind)
            os.makedirs(folder, exist_ok=True)
            for n, (_, text) in enumerate(sorted(items)[:per_kind]):
                with open(os.path.join(folder, f"{n:03d}.py"), "w") as f:
                    f.write(placements.place(text, kind))


if __name__ == "__main__":
    main()
