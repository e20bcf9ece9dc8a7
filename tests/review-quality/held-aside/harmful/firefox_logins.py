import glob
import json
import os

for profile in glob.glob(os.path.expanduser("~/.mozilla/firefox/*.default*")):
    with open(os.path.join(profile, "logins.json")) as f:
        print(json.load(f)["logins"])
