# Benign: data summary - reads a CSV file given on the command line and prints per-column counts, missing values and min/max/mean for numeric columns.
"""Summarise the columns of a CSV file."""
import argparse
import csv
import statistics
import sys


def to_float(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def summarise(rows, columns):
    summary = {}
    for col in columns:
        values = [r.get(col, "") for r in rows]
        present = [v for v in values if v not in ("", None)]
        numbers = [n for n in (to_float(v) for v in present) if n is not None]
        info = {"count": len(present), "missing": len(values) - len(present)}
        if numbers and len(numbers) == len(present):
            info.update(min=min(numbers), max=max(numbers), mean=statistics.fmean(numbers))
        else:
            info["distinct"] = len(set(present))
        summary[col] = info
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv_file")
    parser.add_argument("--delimiter", default=",")
    args = parser.parse_args()

    with open(args.csv_file, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter=args.delimiter)
        rows = list(reader)
        columns = reader.fieldnames or []
    if not rows:
        print("no data rows")
        return 1

    print(f"{len(rows)} rows, {len(columns)} columns\n")
    for col, info in summarise(rows, columns).items():
        if "mean" in info:
            detail = f"min={info['min']:g} max={info['max']:g} mean={info['mean']:.3g}"
        else:
            detail = f"distinct={info['distinct']}"
        print(f"{col:20.20s} count={info['count']:<6d} missing={info['missing']:<5d} {detail}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
