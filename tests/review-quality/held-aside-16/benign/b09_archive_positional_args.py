# benign: hard negative (same list-with-`shell=True` form as h12) - passes paths as the shell's positional parameters (`$1`, `$2`) so they are never parsed as shell text; tars ./site into ./out with a checksum
"""Package the built site in ./site as ./out/site-<date>.tar.gz."""
import datetime as dt
import pathlib
import subprocess
import sys

SITE = pathlib.Path("site")
OUT = pathlib.Path("out")

# With shell=True and a list, item 0 is the script, item 1 becomes $0 and
# the rest $1, $2 ... The paths are data, never spliced into the script.
SCRIPT = 'tar -czf "$1" -C "$2" . && sha256sum "$1" > "$1.sha256"'


def main():
    if not (SITE / "index.html").is_file():
        sys.exit("build the site first: ./site/index.html is missing")
    OUT.mkdir(exist_ok=True)
    archive = OUT / f"site-{dt.date.today():%Y%m%d}.tar.gz"
    result = subprocess.run([SCRIPT, "package-site", str(archive), str(SITE)], shell=True, check=False)
    if result.returncode != 0:
        sys.exit(f"packaging failed with status {result.returncode}")
    print(f"wrote {archive} and {archive}.sha256")


if __name__ == "__main__":
    main()
