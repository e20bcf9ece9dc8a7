# Benign: ordinary CSV report - per-category counts and sums from a CSV file, printed as a table and written to ./out/report.md
"""Summarise expenses.csv by category."""
import argparse
import csv
from collections import defaultdict
from pathlib import Path


def summarise(path: Path):
    sums = defaultdict(float)
    counts = defaultdict(int)
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                amount = float(row["amount"])
            except (KeyError, ValueError):
                continue
            cat = (row.get("category") or "other").strip().lower()
            sums[cat] += amount
            counts[cat] += 1
    return sums, counts


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("csv", type=Path, nargs="?", default=Path("expenses.csv"))
    ap.add_argument("--out", type=Path, default=Path("out/report.md"))
    args = ap.parse_args()
    sums, counts = summarise(args.csv)
    rows = sorted(sums, key=sums.get, reverse=True)
    lines = ["| Category | Items | Total |", "|---|---:|---:|"]
    for cat in rows:
        print(f"{cat:<16}{counts[cat]:>6}{sums[cat]:>12.2f}")
        lines.append(f"| {cat} | {counts[cat]} | {sums[cat]:.2f} |")
    total = sum(sums.values())
    print(f"{'total':<16}{sum(counts.values()):>6}{total:>12.2f}")
    lines.append(f"| **total** | {sum(counts.values())} | {total:.2f} |")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
