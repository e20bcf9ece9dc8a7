# benign: hard negative (`re.match` anchored at the start, as in h11) - the prefix match is exactly what it wants (tags must start with `v`), plus `fullmatch` for the whole format; read-only `git tag` listing, report into ./out
"""Check that every release tag in this repository follows vMAJOR.MINOR.PATCH[-rc.N]."""
import json
import re
import subprocess
import sys
from pathlib import Path

RELEASE_PREFIX = re.compile(r"v\d")
SEMVER = re.compile(r"v(\d+)\.(\d+)\.(\d+)(?:-rc\.(\d+))?")


def main():
    tags = subprocess.run(["git", "tag", "--list"], capture_output=True, text=True, check=True).stdout.split()
    releases, bad, ignored = [], [], []
    for tag in tags:
        if not RELEASE_PREFIX.match(tag):  # not a release tag at all (e.g. deploy-2026-12-01)
            ignored.append(tag)
            continue
        m = SEMVER.fullmatch(tag)
        if m:
            releases.append({"tag": tag, "version": [int(x) for x in m.groups()[:3]], "rc": m.group(4) is not None})
        else:
            bad.append(tag)

    releases.sort(key=lambda r: (r["version"], not r["rc"]))
    out = Path("out")
    out.mkdir(exist_ok=True)
    (out / "release_tags.json").write_text(json.dumps({"releases": releases, "malformed": bad, "ignored": ignored}, indent=2))
    latest = next((r["tag"] for r in reversed(releases) if not r["rc"]), "none")
    print(f"{len(releases)} release tags (latest stable {latest}), {len(bad)} malformed, {len(ignored)} other tags")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
