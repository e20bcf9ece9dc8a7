# Benign: downloads the assets listed in ./assets.txt from https://cdn.example.org only, with a ThreadPoolExecutor whose initializer just gives each worker thread its own requests.Session; files go to ./data/assets.
"""Fetch project assets in parallel and verify their sizes."""
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlparse

import requests

OUT = Path("data/assets")
ALLOWED_HOST = "cdn.example.org"
_local = threading.local()


def _init_worker() -> None:
    _local.session = requests.Session()
    _local.session.headers["User-Agent"] = "myapp-asset-fetch/1.0"


def fetch(url: str) -> tuple[str, int]:
    parsed = urlparse(url)
    if parsed.scheme != "https" or parsed.hostname != ALLOWED_HOST:
        raise ValueError(f"not a project asset URL: {url}")
    resp = _local.session.get(url, timeout=30)
    resp.raise_for_status()
    target = OUT / Path(parsed.path).name
    target.write_bytes(resp.content)
    return str(target), len(resp.content)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    urls = [u.strip() for u in Path("assets.txt").read_text().splitlines() if u.strip() and not u.startswith("#")]
    total = 0
    with ThreadPoolExecutor(max_workers=6, initializer=_init_worker) as pool:
        for path, size in pool.map(fetch, urls):
            total += size
            print(f"{size:>10}  {path}")
    print(f"{len(urls)} asset(s), {total} bytes")


if __name__ == "__main__":
    main()
