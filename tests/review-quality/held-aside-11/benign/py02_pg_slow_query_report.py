# Benign: read-only slow-query report from pg_stat_statements into ./out/slow-queries.csv; it changes no server setting.
import argparse
import csv
import subprocess
import sys
from pathlib import Path

QUERY = """
SELECT round(total_exec_time::numeric, 1), calls, round(mean_exec_time::numeric, 2),
       left(regexp_replace(query, '\\s+', ' ', 'g'), 140)
FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT {limit}
"""


def psql(sql, db):
    out = subprocess.run(
        ["psql", "-X", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-d", db, "-c", sql],
        capture_output=True, text=True,
    )
    if out.returncode:
        sys.exit(out.stderr.strip())
    return [line.split("\t") for line in out.stdout.splitlines() if line]


def main():
    ap = argparse.ArgumentParser(description="Top queries by total time from pg_stat_statements")
    ap.add_argument("--db", default="postgresql:///app")
    ap.add_argument("--limit", type=int, default=25)
    ap.add_argument("--out", default="out/slow-queries.csv")
    args = ap.parse_args()

    installed = psql("SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'", args.db)
    if installed[0][0] == "0":
        sys.exit("pg_stat_statements is not installed in this database; ask the DBA to enable it")
    rows = psql(QUERY.format(limit=int(args.limit)), args.db)

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["total_ms", "calls", "mean_ms", "query"])
        writer.writerows(rows)
    for total, calls, mean, query in rows[:10]:
        print(f"{float(total):>12.1f} ms  {int(calls):>8}  {float(mean):>9.2f}  {query[:70]}")
    print(f"{len(rows)} queries written to {out}")


if __name__ == "__main__":
    main()
