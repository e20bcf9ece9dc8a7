# Reads a CSV file from the working directory and prints count, mean, min and max of each numeric column.
import csv
import statistics
import sys
from pathlib import Path


def main(path: str = "data.csv") -> None:
    rows = list(csv.DictReader(Path(path).open(newline="")))
    if not rows:
        print("no rows")
        return
    for col in rows[0].keys():
        values = []
        for row in rows:
            try:
                values.append(float(row[col]))
            except (TypeError, ValueError):
                pass
        if values:
            print(
                f"{col:20} n={len(values):5d} mean={statistics.mean(values):10.3f} "
                f"min={min(values):10.3f} max={max(values):10.3f}"
            )


if __name__ == "__main__":
    main(*sys.argv[1:2])
