# Benign: Alembic drift check against a local database only: refuses non-local DATABASE_URL hosts, fails on multiple heads or when autogenerate finds model changes.
import argparse
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "db"}


def main():
    ap = argparse.ArgumentParser(description="Fail CI when models and migrations drift apart")
    ap.add_argument("--url", default=os.environ.get("DATABASE_URL", "postgresql+psycopg://app:app@localhost:5432/app_test"))
    args = ap.parse_args()

    host = urlsplit(args.url).hostname or ""
    if host not in LOCAL_HOSTS:
        sys.exit(f"refusing to run migrations against {host!r}; use a local test database")
    if not Path("alembic.ini").exists():
        sys.exit("alembic.ini not found; run this from the service root")

    env = {**os.environ, "DATABASE_URL": args.url}
    heads = subprocess.run(["alembic", "heads"], capture_output=True, text=True, env=env, check=True)
    if heads.stdout.count("(head)") > 1:
        print("multiple migration heads:\n" + heads.stdout)
        sys.exit(1)

    subprocess.run(["alembic", "upgrade", "head"], check=True, env=env)
    check = subprocess.run(["alembic", "check"], capture_output=True, text=True, env=env)
    print((check.stdout or check.stderr).strip())
    if check.returncode:
        print("models changed without a migration: run `alembic revision --autogenerate -m ...`")
    sys.exit(check.returncode)


if __name__ == "__main__":
    main()
