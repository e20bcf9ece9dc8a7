# benign: CSV summary with negative flags (`action="store_false"`, as h10) - `--no-color` and `--no-cache` use store_false with explicit dest names, as intended; summarises ./data/*.csv into ./out.
"""Row counts and numeric column totals for every CSV in ./data.

Colour output and the ./out/.summary_cache.json cache are on by default;
--no-color and --no-cache turn them off.
"""
import argparse
import csv
import json
from pathlib import Path

CACHE = Path("out/.summary_cache.json")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--no-color", dest="color", action="store_false", help="plain output")
    p.add_argument("--no-cache", dest="cache", action="store_false", help="ignore and rewrite the cache")
    return p.parse_args()


def summarise(path):
    totals, rows = {}, 0
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            rows += 1
            for k, v in row.items():
                try:
                    totals[k] = totals.get(k, 0.0) + float(v)
                except (TypeError, ValueError):
                    pass
    return {"rows": rows, "totals": totals}


def main():
    args = parse_args()
    cache = json.loads(CACHE.read_text()) if args.cache and CACHE.exists() else {}
    result = {}
    for path in sorted(Path("data").glob("*.csv")):
        key = f"{path.name}:{path.stat().st_mtime_ns}"
        result[key] = cache.get(key) or summarise(path)
        name = f"\033[1m{path.name}\033[0m" if args.color else path.name
        print(f"{name}: {result[key]['rows']} rows")
    CACHE.parent.mkdir(exist_ok=True)
    CACHE.write_text(json.dumps(result))
    Path("out/csv_summary.json").write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
