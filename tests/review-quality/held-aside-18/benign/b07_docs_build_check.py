# benign: docs build with tool checks (`os.system` exit status, as h11) - compares the status with `!= 0` correctly before building ./docs into ./out/docs with fixed argv; no network.
"""Build the Markdown docs in ./docs into HTML under ./out/docs.

Checks that pandoc and the project's link checker are installed first.
"""
import os
import subprocess
import sys
from pathlib import Path

TOOLS = ["pandoc", "lychee"]


def require(tool):
    # os.system returns the shell's exit status: 0 means `command -v` found it.
    if os.system(f"command -v {tool} > /dev/null 2>&1") != 0:
        sys.exit(f"{tool} is not installed; see docs/CONTRIBUTING.md")


def main():
    for tool in TOOLS:
        require(tool)
    src, out = Path("docs"), Path("out/docs")
    out.mkdir(parents=True, exist_ok=True)
    pages = sorted(src.rglob("*.md"))
    for page in pages:
        target = out / page.relative_to(src).with_suffix(".html")
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["pandoc", "--standalone", "--metadata", f"title={page.stem}",
                        "-o", str(target), str(page)], check=True)
    result = subprocess.run(["lychee", "--offline", "--no-progress", str(out)])
    print(f"{len(pages)} pages built into {out}; link check {'passed' if result.returncode == 0 else 'FAILED'}")
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
