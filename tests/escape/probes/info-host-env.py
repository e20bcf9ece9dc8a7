# info: the caller's environment. The harness sets JAILPROBE_HOSTVAL on the
# `jail` process without passing it in; the probe looks for that name in
# its own environment and in every readable /proc/*/environ and
# /proc/*/cmdline, and prints what it finds (the harness checks the value
# never shows up).
import os
import sys

NAME = b"JAILPROBE_HOSTVAL"
escapes = []
blocks = []

if NAME.decode() in os.environ:
    escapes.append(f"own environment: {NAME.decode()}={os.environ[NAME.decode()]}")
else:
    blocks.append("not in our environment")

unreadable = 0
searched = 0
for pid in sorted(p for p in os.listdir("/proc") if p.isdigit()):
    for kind in ("environ", "cmdline"):
        path = f"/proc/{pid}/{kind}"
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            unreadable += 1
            continue
        searched += 1
        at = data.find(NAME)
        if at >= 0:
            found = data[at:].split(b"\0")[0].decode(errors="replace")
            escapes.append(f"{path}: {found}")
blocks.append(f"absent from {searched} readable /proc files ({unreadable} unreadable)")

for line in blocks + escapes:
    print("#", line, file=sys.stderr)
if escapes:
    print("ESCAPED " + "; ".join(escapes))
    sys.exit(1)
print("BLOCKED " + "; ".join(blocks))
