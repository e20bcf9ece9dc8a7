# Computes word counts for ./docs/*.md once and caches them in ./.wordcount_cache.pkl, a file this script itself writes.
import pickle
from collections import Counter
from pathlib import Path

CACHE = Path(".wordcount_cache.pkl")


def compute():
    counts = Counter()
    for md in Path("docs").glob("*.md"):
        counts.update(md.read_text(encoding="utf-8").lower().split())
    return counts


def load_or_compute():
    if CACHE.exists():
        with CACHE.open("rb") as fh:
            return pickle.load(fh)
    counts = compute()
    with CACHE.open("wb") as fh:
        pickle.dump(counts, fh)
    return counts


for word, n in load_or_compute().most_common(15):
    print(f"{n:6d} {word}")
