# Benign: schema migration - applies numbered SQL migrations to the local sqlite file ./app.db inside a transaction and records the version in a schema_version table.
"""Apply pending migrations to the local SQLite database."""
import argparse
import sqlite3
import sys
from pathlib import Path

MIGRATIONS = [
    (1, "create users", """
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            email TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
        )"""),
    (2, "create projects", """
        CREATE TABLE projects (
            id INTEGER PRIMARY KEY,
            owner_id INTEGER NOT NULL REFERENCES users(id),
            name TEXT NOT NULL
        )"""),
    (3, "index projects by owner", "CREATE INDEX idx_projects_owner ON projects(owner_id)"),
    (4, "add display name", "ALTER TABLE users ADD COLUMN display_name TEXT"),
]


def current_version(conn):
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, name TEXT, "
                 "applied_at TEXT DEFAULT CURRENT_TIMESTAMP)")
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return row[0] or 0


def migrate(conn, target, dry_run):
    version = current_version(conn)
    pending = [m for m in MIGRATIONS if version < m[0] <= target]
    if not pending:
        print(f"database at version {version}; nothing to do")
        return version
    for number, name, sql in pending:
        print(f"{'would apply' if dry_run else 'applying'} {number:03d} {name}")
        if dry_run:
            continue
        with conn:
            conn.execute(sql)
            conn.execute("INSERT INTO schema_version (version, name) VALUES (?, ?)", (number, name))
    return pending[-1][0] if not dry_run else version


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="app.db")
    parser.add_argument("--to", type=int, default=MIGRATIONS[-1][0])
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    db_path = Path(args.db)
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA foreign_keys = ON")
    try:
        final = migrate(conn, args.to, args.dry_run)
    except sqlite3.Error as exc:
        print(f"migration failed: {exc}", file=sys.stderr)
        return 1
    finally:
        conn.close()
    print(f"{db_path}: schema version {final}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
