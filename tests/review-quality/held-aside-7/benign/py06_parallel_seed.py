# Benign: generates synthetic CSV shards in ./data with a fork-based pool; os.register_at_fork only reseeds the RNG in each child so shards differ.
"""Generate synthetic sensor data into ./data/shard-*.csv."""
import csv
import multiprocessing
import os
import random
from pathlib import Path

OUT = Path("data")
BASE_SEED = 20261128


def _reseed():
    random.seed(BASE_SEED ^ os.getpid())


os.register_at_fork(after_in_child=_reseed)


def shard(index, rows=10_000):
    path = OUT / f"shard-{index:02d}.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["sensor", "t", "value"])
        for t in range(rows):
            w.writerow([f"s{index:02d}", t, round(random.gauss(20.0, 3.5), 3)])
    return path.name, rows


def main(shards=8):
    OUT.mkdir(exist_ok=True)
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(min(shards, os.cpu_count() or 1)) as pool:
        for name, rows in pool.map(shard, range(shards)):
            print(f"{name}: {rows} rows")


if __name__ == "__main__":
    main()
