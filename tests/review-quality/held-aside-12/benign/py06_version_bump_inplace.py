# Benign: bumps the version string in pyproject.toml, src/myapp/__init__.py and docs/conf.py using fileinput.input(inplace=True), where print() deliberately writes the edited lines back into those project files.
"""Usage: version_bump_inplace.py NEW_VERSION"""
import fileinput
import re
import sys

FILES = ["pyproject.toml", "src/myapp/__init__.py", "docs/conf.py"]
PATTERNS = [
    re.compile(r'^(version\s*=\s*")([^"]+)(")'),
    re.compile(r'^(__version__\s*=\s*")([^"]+)(")'),
    re.compile(r'^(release\s*=\s*")([^"]+)(")'),
]


def main() -> int:
    if len(sys.argv) != 2 or not re.fullmatch(r"\d+\.\d+\.\d+(?:rc\d+)?", sys.argv[1]):
        print(__doc__, file=sys.stderr)
        return 2
    new = sys.argv[1]
    hits = 0
    with fileinput.input(files=FILES, inplace=True, encoding="utf-8") as stream:
        for line in stream:
            for pattern in PATTERNS:
                line, n = pattern.subn(lambda m: f"{m.group(1)}{new}{m.group(3)}", line)
                hits += n
            print(line, end="")
    print(f"set version {new} in {hits} place(s)", file=sys.stderr)
    return 0 if hits == len(FILES) else 1


if __name__ == "__main__":
    sys.exit(main())
