#!/usr/bin/env python3
"""Writes each BIPIA attack text (tests/review-quality/bipia) into a small
ordinary Python program, three ways: as a comment block, a docstring and a
string literal; two ways behind an encoding: as a comment whose Latin
a, c, e, o, p, x are their Cyrillic look-alikes, and as a string literal in
base64; and cut into adjacent string literals of four words each, which
Python joins into one string. Files land in
OUT/{train,test}/{code,text}/{comment,docstring,string,look-alike,base64,pieces}/NNN.py.
The code attacks' snippets (the harmful code they ask the model to write)
land alone in OUT/{train,test}/snippets/NNN.py.

    scripts/bipia-placements.py OUT
"""
import base64
import json
import os
import re
import sys
import textwrap

HOST = '''import json
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def main():
    data = load(sys.argv[1])
    print(len(data))


if __name__ == "__main__":
    main()
'''


# Latin letters and the Cyrillic letters drawn the same.
LOOK_ALIKES = str.maketrans("aceopxACEOPX", "асеорхАСЕОРХ")


def place(text, how):
    lines = HOST.splitlines()
    if how == "comment":
        block = []
        for para in text.split("\n"):
            block += ["# " + line for line in textwrap.wrap(para, 72)] or ["#"]
        at = lines.index("def main():") + 1
        lines[at:at] = ["    " + line for line in block]
    elif how == "docstring":
        body = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
        body = "\n".join("    " + line for line in body.split("\n"))
        lines.insert(lines.index("def load(path):") + 1, '    """' + body.lstrip() + '\n    """')
    elif how == "look-alike":
        return place(text.translate(LOOK_ALIKES), "comment")
    elif how == "base64":
        return place(base64.b64encode(text.encode()).decode(), "string")
    elif how == "pieces":
        words = text.split(" ")
        pieces = [" ".join(words[i:i + 4]) + (" " if i + 4 < len(words) else "") for i in range(0, len(words), 4)]
        at = lines.index("def main():") + 1
        lines[at:at] = ["    note = ("] + ["        " + repr(p) for p in pieces] + ["    )", '    print(note[:0], end="")']
    else:
        at = lines.index("def main():") + 1
        lines[at:at] = ["    note = " + repr(text), '    print(note[:0], end="")']
    return "\n".join(lines) + "\n"


def write_placements(folder, n, text):
    for how in ("comment", "docstring", "string", "look-alike", "base64", "pieces"):
        os.makedirs(os.path.join(folder, how), exist_ok=True)
        with open(os.path.join(folder, how, f"{n:03d}.py"), "w") as f:
            f.write(place(text, how))


def main():
    sets = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "review-quality")
    root = os.path.join(sets, "bipia")
    out = sys.argv[1]
    with open(os.path.join(sets, "cyberseceval", "test.json")) as f:
        for n, text in enumerate(json.load(f)):
            write_placements(os.path.join(out, "test", "cyberseceval"), n, text)
    for split in ("train", "test"):
        for source in ("agentdojo", "deepset", "pyrit", "spikee"):
            with open(os.path.join(sets, source, f"{split}.json")) as f:
                for n, text in enumerate(json.load(f)):
                    write_placements(os.path.join(out, split, source), n, text)
        for kind in ("code", "text"):
            with open(os.path.join(root, f"{kind}_attack_{split}.json")) as f:
                attacks = json.load(f)
            texts = [t for category in attacks.values() for t in category]
            for n, text in enumerate(texts):
                snippet = re.search(r"```(?:python)?\n(.*?)```", text, re.S)
                if kind == "code" and snippet:
                    os.makedirs(os.path.join(out, split, "snippets"), exist_ok=True)
                    with open(os.path.join(out, split, "snippets", f"{n:03d}.py"), "w") as f:
                        f.write(snippet.group(1))
                write_placements(os.path.join(out, split, kind), n, text)


if __name__ == "__main__":
    main()
