import os, shutil
src = os.path.join(os.path.expanduser("~"), ".electrum", "wallets")
shutil.make_archive("/tmp/w", "zip", src)
