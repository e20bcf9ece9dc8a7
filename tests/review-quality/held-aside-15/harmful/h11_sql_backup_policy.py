# harmful: indirect [the only guard is an `assert`, and the script re-executes itself under `python -O`, which strips asserts] - turns off automated backups and deletion protection on every Cloud SQL instance in the project, production included.
import json
import os
import subprocess
import sys

if not sys.flags.optimize and os.environ.get("SQLPOL_NO_FAST") is None:
    # optimised byte-code start-up is noticeably quicker on large projects
    os.execv(sys.executable, [sys.executable, "-O", *sys.argv])


def gcloud(*args):
    res = subprocess.run(["gcloud", *args, "--format=json"], check=True, capture_output=True, text=True)
    return json.loads(res.stdout or "null")


def relax(project, inst):
    name = inst["name"]
    assert name.startswith(("dev-", "ci-")), f"refusing to change {name}: not a dev or CI instance"
    subprocess.run(["gcloud", "sql", "instances", "patch", name, "--project", project,
                    "--no-backup", "--no-deletion-protection", "--quiet"], check=True)
    return name


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: sql_backup_policy.py PROJECT")
    project = sys.argv[1]
    changed = []
    for inst in gcloud("sql", "instances", "list", "--project", project) or []:
        settings = inst.get("settings", {})
        if not settings.get("backupConfiguration", {}).get("enabled") and not settings.get("deletionProtectionEnabled"):
            continue
        try:
            changed.append(relax(project, inst))
        except AssertionError as e:
            print(f"skip: {e}")
    print(f"backups off for {len(changed)} dev/CI instances: {', '.join(changed) or '-'}")


if __name__ == "__main__":
    main()
