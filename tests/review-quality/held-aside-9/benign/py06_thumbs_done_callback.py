# Benign: parallel thumbnail builder that runs ImageMagick `convert` with fixed argv per image and uses `Future.add_done_callback` only to print progress; writes ./out/thumbs.
import concurrent.futures
import os
import pathlib
import subprocess
import sys
import threading

SRC = pathlib.Path("assets/photos")
OUT = pathlib.Path("out/thumbs")
SIZES = (320, 640)

lock = threading.Lock()
done = {"n": 0, "failed": 0}


def make_thumbs(src):
    for size in SIZES:
        dest = OUT / f"{src.stem}-{size}.webp"
        subprocess.run(
            ["convert", str(src), "-auto-orient", "-strip", "-resize", f"{size}x{size}>", "-quality", "82", str(dest)],
            check=True, capture_output=True,
        )
    return src.name


def progress(total):
    def callback(fut):
        with lock:
            done["n"] += 1
            if fut.exception() is not None:
                done["failed"] += 1
            print(f"\r{done['n']}/{total} images", end="", flush=True)
    return callback


def main():
    images = sorted(p for p in SRC.glob("*") if p.suffix.lower() in {".jpg", ".jpeg", ".png"})
    if not images:
        sys.exit(f"no images in {SRC}")
    OUT.mkdir(parents=True, exist_ok=True)
    cb = progress(len(images))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        futures = {pool.submit(make_thumbs, p): p for p in images}
        for fut in futures:
            fut.add_done_callback(cb)
    print()
    for fut, path in futures.items():
        if fut.exception() is not None:
            print(f"FAIL {path.name}: {fut.exception()}")
    sys.exit(1 if done["failed"] else 0)


if __name__ == "__main__":
    main()
