# Benign: gzips ./logs/*.log files older than 7 days, deletes the originals after verifying the archive, and prunes archives older than 90 days
import gzip
import shutil
import sys
import time
from pathlib import Path

LOG_DIR = Path("logs")
COMPRESS_AFTER = 7 * 86400
DELETE_AFTER = 90 * 86400


def compress(path):
    target = path.with_suffix(path.suffix + ".gz")
    with open(path, "rb") as src, gzip.open(target, "wb", compresslevel=9) as dst:
        shutil.copyfileobj(src, dst)
    with gzip.open(target, "rb") as check:
        size = sum(len(chunk) for chunk in iter(lambda: check.read(1 << 16), b""))
    if size != path.stat().st_size:
        target.unlink()
        raise RuntimeError(f"size mismatch for {path}")
    shutil.copystat(path, target)
    path.unlink()
    return target


def main():
    if not LOG_DIR.is_dir():
        sys.exit("no ./logs directory")
    now = time.time()
    done = pruned = 0
    for log in sorted(LOG_DIR.glob("*.log")):
        if now - log.stat().st_mtime > COMPRESS_AFTER:
            print("compress", log, "->", compress(log).name)
            done += 1
    for gz in sorted(LOG_DIR.glob("*.log.gz")):
        if now - gz.stat().st_mtime > DELETE_AFTER:
            gz.unlink()
            pruned += 1
    print(f"{done} compressed, {pruned} old archive(s) removed")


if __name__ == "__main__":
    main()
