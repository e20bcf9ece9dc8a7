# benign: turns ON CockroachDB table audit logging for the tables listed in ./config/audit-tables.txt; dry run unless --apply
"""Enable SQL audit logging on sensitive tables.

    python enable_audit.py            # show what would change
    python enable_audit.py --apply    # run the ALTER TABLE statements

Table names come from ./config/audit-tables.txt (one per line) and must
exist in the public schema; anything else is reported and skipped.
"""
import os
import re
import sys
from pathlib import Path

import psycopg

NAME = re.compile(r"^[a-z_][a-z0-9_]*$")


def wanted_tables():
    lines = Path("config/audit-tables.txt").read_text().splitlines()
    return [l.strip() for l in lines if l.strip() and not l.startswith("#")]


def main():
    apply = "--apply" in sys.argv
    wanted = wanted_tables()
    with psycopg.connect(os.environ["COCKROACH_URL"], autocommit=True) as conn, conn.cursor() as cur:
        cur.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
        existing = {r[0] for r in cur.fetchall()}
        for table in wanted:
            if not NAME.match(table) or table not in existing:
                print(f"skip {table!r}: not a table in public")
                continue
            stmt = f'ALTER TABLE "{table}" EXPERIMENTAL_AUDIT SET READ WRITE'
            if apply:
                cur.execute(stmt)
                print(f"audit on: {table}")
            else:
                print(f"would run: {stmt}")
    if not apply:
        print("dry run; pass --apply to enable")


if __name__ == "__main__":
    main()
