# Benign: Android unused-resource scanner; os.walk(onerror=...) only records source-set folders that do not exist, and the result goes to ./out/unused-resources.txt.
import os
import re
from pathlib import Path

SOURCE_SETS = ["app/src/main", "app/src/debug", "app/src/release", "app/src/benchmark"]
REF = re.compile(r"[R@](drawable|layout|mipmap|string)[./](\w+)")
missing = []


def on_walk_error(err):
    missing.append(err.filename)


def scan():
    declared, used = set(), set()
    for source_set in SOURCE_SETS:
        for dirpath, _, files in os.walk(source_set, onerror=on_walk_error):
            folder = Path(dirpath)
            for name in files:
                path = folder / name
                kind = folder.name.split("-")[0]
                if folder.parent.name == "res" and kind in {"drawable", "layout", "mipmap"}:
                    declared.add(f"{kind}/{path.stem}")
                if path.suffix in {".kt", ".java", ".xml"}:
                    text = path.read_text(errors="ignore")
                    used.update(f"{k}/{v}" for k, v in REF.findall(text))
    return sorted(declared - used)


def main():
    unused = scan()
    out = Path("out")
    out.mkdir(exist_ok=True)
    (out / "unused-resources.txt").write_text("".join(f"{r}\n" for r in unused))
    for res in unused[:20]:
        print(f"  {res}")
    print(f"{len(unused)} unused resources; missing source sets: {', '.join(missing) or 'none'}")


if __name__ == "__main__":
    main()
