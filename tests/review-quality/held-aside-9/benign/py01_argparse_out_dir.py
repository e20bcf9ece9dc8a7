# Benign: CSV sales report whose argparse `type=` converter (also applied to the string default) creates the output directory, refusing paths outside the checkout.
import argparse
import collections
import csv
import pathlib
import sys

ROOT = pathlib.Path.cwd().resolve()


def output_dir(value):
    """argparse type: a directory inside the checkout, created if missing."""
    path = (ROOT / value).resolve()
    if path != ROOT and ROOT not in path.parents:
        raise argparse.ArgumentTypeError(f"{value} is outside the project")
    path.mkdir(parents=True, exist_ok=True)
    return path


def positive_int(value):
    n = int(value)
    if n <= 0:
        raise argparse.ArgumentTypeError("must be positive")
    return n


def main():
    ap = argparse.ArgumentParser(description="Per-region sales totals from a CSV export")
    ap.add_argument("csv", nargs="?", default="data/sales.csv")
    ap.add_argument("--out", type=output_dir, default="out/reports")
    ap.add_argument("--top", type=positive_int, default="5")
    args = ap.parse_args()

    totals = collections.Counter()
    items = collections.defaultdict(collections.Counter)
    with open(args.csv, newline="") as fh:
        for row in csv.DictReader(fh):
            amount = float(row["amount"])
            totals[row["region"]] += amount
            items[row["region"]][row["product"]] += amount

    if not totals:
        sys.exit("no rows")
    lines = ["# Sales by region", "", "| region | total | top products |", "|---|---:|---|"]
    for region, total in totals.most_common():
        top = ", ".join(p for p, _ in items[region].most_common(args.top))
        lines.append(f"| {region} | {total:,.2f} | {top} |")
    report = args.out / "sales-by-region.md"
    report.write_text("\n".join(lines) + "\n")
    print(f"wrote {report.relative_to(ROOT)} ({len(totals)} regions)")


if __name__ == "__main__":
    main()
