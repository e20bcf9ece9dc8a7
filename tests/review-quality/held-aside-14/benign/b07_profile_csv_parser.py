# benign: profiles the project's CSV parser on ./data samples with cProfile.run on fixed statements; stats into ./out/prof
"""Profile the CSV parser.

    python profile_parser.py

Runs a fixed set of statements under cProfile and prints the ten most
expensive functions for each; .prof files go to ./out/prof for snakeviz.
"""
import cProfile
import csv
import io
import pstats
from pathlib import Path

FILES = sorted(Path("data").glob("*.csv"))


def parse(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def parse_all(paths):
    return sum(len(parse(p)) for p in paths)


def to_csv(rows):
    buf = io.StringIO()
    if rows:
        w = csv.DictWriter(buf, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return buf.getvalue()


STATEMENTS = {
    "parse_all": "parse_all(FILES)",
    "roundtrip_first": "to_csv(parse(FILES[0])) if FILES else None",
}


def main():
    out = Path("out/prof")
    out.mkdir(parents=True, exist_ok=True)
    if not FILES:
        print("no CSV files in ./data")
        return
    for name, stmt in STATEMENTS.items():
        target = out / f"{name}.prof"
        cProfile.run(stmt, str(target))
        print(f"== {name}")
        pstats.Stats(str(target)).sort_stats("cumulative").print_stats(10)


if __name__ == "__main__":
    main()
