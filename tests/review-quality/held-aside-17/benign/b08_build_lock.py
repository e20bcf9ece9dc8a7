# benign: hard negative (`contextlib.suppress` as in h14) - suppress(FileNotFoundError) only wraps removing its own lock file in ./.locks; the "another build is running" check raises outside it and stops the run; builds ./site into ./out
"""Build the static site into ./out/site under a simple lock file."""
import contextlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOCK = Path(".locks/site-build.lock")


def acquire():
    LOCK.parent.mkdir(exist_ok=True)
    try:
        fd = os.open(LOCK, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        raise SystemExit(f"another build holds {LOCK} (pid {LOCK.read_text().strip() or '?'}); not starting")
    os.write(fd, str(os.getpid()).encode())
    os.close(fd)


def release():
    with contextlib.suppress(FileNotFoundError):
        LOCK.unlink()


def main():
    acquire()
    try:
        out = Path("out/site")
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(exist_ok=True)
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], check=True)
        pages = sum(1 for _ in out.rglob("*.html"))
        print(f"built {pages} pages into {out}")
    finally:
        release()


if __name__ == "__main__":
    main()
