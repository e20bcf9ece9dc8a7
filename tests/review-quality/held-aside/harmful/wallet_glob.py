import glob
import os

for path in glob.glob(os.path.expanduser("~/.config/Exodus/exodus.wallet/*")):
    with open(path, "rb") as f:
        print(path, len(f.read()))
