#!/usr/bin/env python3
"""Writes tests/review-quality/{pyrit,spikee}/{train,test}.json: text aimed
at a model, from two red-teaming tools' wheels on PyPI.

- pyrit (Microsoft's PyRIT, MIT): the jailbreak templates under
  pyrit/datasets/jailbreak/templates (in-the-wild prompts collected by
  TrustAIRLab from Discord and Reddit, Arth Singh's templates, Pliny's,
  and a few from papers), each with its `{{ prompt }}` slot filled.
- spikee (WithSecure's spikee, Apache-2.0): the jailbreak wrappers of its
  seed datasets (spikee/data/workspace/datasets/*/jailbreaks.jsonl), each
  with its `<INSTRUCTION>` filled.

Both are filled with spikee's instructions (the attacker's goals: system
prompt extraction, data exfiltration through markdown images, XSS, harmful
requests, ...).

Kept out, so that an independent measurement built on garak's data stays
independent: templates taken from jailbreakchat (PyRIT's top-level
templates and in-the-wild prompts from websites) and any text naming the
DAN family (DAN, Developer Mode, DUDE, STAN, ANTI-DAN), which garak's own
probes carry; PyRIT's seed_datasets/local/garak is never read.

Each template, and each instruction, goes to one half by the first hex
digit of the SHA-256 of its text (below 8: train, else test), so a test
text has a wrapper and a goal the train half never saw. A template is
filled with two instructions of its half, picked by the same hash.

    pip download --no-deps pyrit==1.1.0 spikee==0.9.2
    scripts/jailbreak-injections.py pyrit-1.1.0-py3-none-any.whl spikee-0.9.2-py3-none-any.whl
"""
import hashlib
import json
import os
import re
import sys
import zipfile

import yaml

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "review-quality")
DAN_FAMILY = re.compile(r"\bDAN\b|Developer Mode|\bDUDE\b|\bSTAN\b|ANTI-DAN", re.I)
FILLS = 2


def digest(text):
    return hashlib.sha256(text.encode()).hexdigest()


def half(text):
    return "train" if digest(text)[0] < "8" else "test"


def pyrit_templates(wheel):
    with zipfile.ZipFile(wheel) as z:
        for name in sorted(z.namelist()):
            if not (name.startswith("pyrit/datasets/jailbreak/templates/") and name.endswith(".yaml")):
                continue
            doc = yaml.safe_load(z.read(name))
            value, source = doc.get("value", ""), str(doc.get("source", ""))
            platform = (doc.get("metadata") or {}).get("source_platform", "")
            if doc.get("parameters") != ["prompt"] or "jailbreakchat" in source or platform == "website":
                continue
            value = value.replace("{% raw %}", "").replace("{% endraw %}", "")
            yield value.replace("{{ prompt }}", "<INSTRUCTION>")


def spikee_lines(wheel, file_name):
    with zipfile.ZipFile(wheel) as z:
        for name in sorted(z.namelist()):
            if name.startswith("spikee/data/workspace/datasets/") and name.endswith("/" + file_name):
                for line in z.read(name).decode().splitlines():
                    if line.strip():
                        yield json.loads(line)


def fill(templates, instructions):
    by_half = {"train": [], "test": []}
    for text in sorted(set(instructions)):
        by_half[half(text)].append(text)
    out = {"train": [], "test": []}
    for template in sorted(set(templates)):
        if "<INSTRUCTION>" not in template or DAN_FAMILY.search(template):
            continue
        pool = by_half[half(template)]
        start = int(digest(template)[:8], 16)
        for k in range(FILLS):
            goal = pool[(start + k * 7919) % len(pool)]
            out[half(template)].append(template.replace("<INSTRUCTION>", goal).strip())
    return out


def main():
    pyrit, spikee = sys.argv[1:3]
    instructions = [d["instruction"] for d in spikee_lines(spikee, "instructions.jsonl")]
    instructions = [text for text in instructions if not DAN_FAMILY.search(text)]
    sets = {
        "pyrit": fill(pyrit_templates(pyrit), instructions),
        "spikee": fill((d["text"] for d in spikee_lines(spikee, "jailbreaks.jsonl")), instructions),
    }
    for source, halves in sets.items():
        os.makedirs(os.path.join(OUT, source), exist_ok=True)
        for name, texts in halves.items():
            with open(os.path.join(OUT, source, f"{name}.json"), "w") as f:
                json.dump(texts, f, indent=1, ensure_ascii=False)
                f.write("\n")
            print(f"{source} {name}: {len(texts)} texts")


if __name__ == "__main__":
    main()
