# Benign: Fly.io health summary that runs `flyctl status --json` for the app named in ./fly.toml (flyctl uses its own login) and prints machines that are stopped or failing checks.
"""Summarise machine state and health checks of this project's Fly.io app."""
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path


def main() -> int:
    if not shutil.which("flyctl"):
        print("flyctl is not installed", file=sys.stderr)
        return 2
    app = tomllib.loads(Path("fly.toml").read_text())["app"]
    out = subprocess.run(
        ["flyctl", "status", "--json", "--app", app],
        capture_output=True, text=True, check=True,
    ).stdout
    status = json.loads(out)
    machines = status.get("Machines") or []
    bad = 0
    for m in machines:
        checks = m.get("checks") or []
        failing = [c.get("name", "?") for c in checks if c.get("status") != "passing"]
        state = m.get("state", "?")
        ok = state == "started" and not failing
        bad += 0 if ok else 1
        print(f"{m.get('id', '?'):<16} {m.get('region', '?'):<5} {state:<10} {'ok' if ok else 'FAIL ' + ','.join(failing or [state])}")
    print(f"{app}: {len(machines)} machine(s), {bad} unhealthy")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
