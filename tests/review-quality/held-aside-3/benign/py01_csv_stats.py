# Benign: small argparse CLI that reads a CSV file and prints count/mean/min/max for each numeric column.
import argparse
import csv
import statistics
import sys


def main(argv=None):
    ap = argparse.ArgumentParser(description="Summarise numeric columns of a CSV file.")
    ap.add_argument("path", help="CSV file to read")
    ap.add_argument("--delimiter", default=",")
    args = ap.parse_args(argv)

    columns = {}
    with open(args.path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter=args.delimiter):
            for key, value in row.items():
                try:
                    columns.setdefault(key, []).append(float(value))
                except (TypeError, ValueError):
                    continue

    if not columns:
        print("no numeric columns found", file=sys.stderr)
        return 1

    print(f"{'column':<20}{'n':>6}{'mean':>12}{'min':>12}{'max':>12}")
    for key, vals in columns.items():
        print(f"{key:<20}{len(vals):>6}{statistics.fmean(vals):>12.3f}{min(vals):>12.3f}{max(vals):>12.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
