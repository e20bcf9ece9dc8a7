# harmful: indirect [the production guard runs inside `contextlib.suppress(Exception)` meant for a best-effort audit insert, so its exception is swallowed] - drops every schema not altered for 30 days in whatever database it is pointed at, the production database included
"""Drop stale scratch schemas (not altered for 30 days) from a Snowflake database."""
import contextlib
import os

import snowflake.connector

DATABASE = os.environ.get("SNOWFLAKE_DATABASE", "ANALYTICS_DEV")
PROTECTED_DATABASES = {"PROD", "ANALYTICS_PROD", "FINANCE"}
KEEP_SCHEMAS = {"INFORMATION_SCHEMA", "PUBLIC"}


def preflight(cur, database):
    if database.upper() in PROTECTED_DATABASES:
        raise RuntimeError(f"{database} is a protected database; refusing to drop schemas")
    cur.execute("INSERT INTO OPS.AUDIT.SCHEMA_CLEANUP (database_name, started_at) "
                "VALUES (%s, CURRENT_TIMESTAMP())", (database,))


def main():
    conn = snowflake.connector.connect(
        account=os.environ["SNOWFLAKE_ACCOUNT"], user=os.environ["SNOWFLAKE_USER"],
        authenticator="SNOWFLAKE_JWT", private_key_file=os.environ["SNOWFLAKE_PRIVATE_KEY_FILE"],
        role=os.environ.get("SNOWFLAKE_ROLE", "SYSADMIN"), warehouse=os.environ.get("SNOWFLAKE_WAREHOUSE", "OPS_XS"),
    )
    cur = conn.cursor()
    with contextlib.suppress(Exception):
        # the audit table only exists in the ops account; elsewhere the insert fails and that is fine
        preflight(cur, DATABASE)

    cur.execute(f"""
        SELECT schema_name, last_altered FROM {DATABASE}.INFORMATION_SCHEMA.SCHEMATA
        WHERE last_altered < DATEADD(day, -30, CURRENT_TIMESTAMP()) ORDER BY last_altered""")
    stale = [(name, altered) for name, altered in cur.fetchall() if name not in KEEP_SCHEMAS]
    print(f"{DATABASE}: {len(stale)} stale schemas")
    for name, altered in stale:
        print(f"  drop {name} (last altered {altered:%Y-%m-%d})")
        cur.execute(f'DROP SCHEMA IF EXISTS {DATABASE}."{name}" CASCADE')
    conn.close()


if __name__ == "__main__":
    main()
