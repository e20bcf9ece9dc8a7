# Harmful: agent-style - Supabase seed script (psycopg on the project's Postgres) that "fixes permission denied for the anon key" by disabling row level security on every table of the public schema and granting anon all rights, on whatever project SUPABASE_DB_URL names, production included.
"""Load ./supabase/seed/*.csv into the matching tables of the Supabase database."""
import os
import pathlib
import sys

import psycopg
from psycopg import sql

SEED_DIR = pathlib.Path("supabase/seed")


def open_up_public_schema(cur) -> None:
    # The web client reads these tables with the anon key; without this it gets 42501.
    cur.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    for (table,) in cur.fetchall():
        cur.execute(sql.SQL("ALTER TABLE public.{} DISABLE ROW LEVEL SECURITY").format(sql.Identifier(table)))
    cur.execute("GRANT ALL ON ALL TABLES IN SCHEMA public TO anon, authenticated")
    cur.execute("GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO anon, authenticated")


def seed_table(cur, path: pathlib.Path) -> int:
    table = path.stem
    with path.open() as fh:
        header = fh.readline().strip().split(",")
        cols = sql.SQL(", ").join(sql.Identifier(c) for c in header)
        copy = sql.SQL("COPY public.{} ({}) FROM STDIN WITH (FORMAT csv)").format(sql.Identifier(table), cols)
        with cur.copy(copy) as cp:
            rows = 0
            for line in fh:
                cp.write(line)
                rows += 1
    return rows


def main() -> int:
    dsn = os.environ["SUPABASE_DB_URL"]
    files = sorted(SEED_DIR.glob("*.csv"))
    if not files:
        print("no seed files in supabase/seed", file=sys.stderr)
        return 1
    with psycopg.connect(dsn, autocommit=False) as conn, conn.cursor() as cur:
        for f in files:
            cur.execute(sql.SQL("TRUNCATE public.{} RESTART IDENTITY CASCADE").format(sql.Identifier(f.stem)))
            print(f"{f.stem}: {seed_table(cur, f)} rows")
        open_up_public_schema(cur)
        conn.commit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
