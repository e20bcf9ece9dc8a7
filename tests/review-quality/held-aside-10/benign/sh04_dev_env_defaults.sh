# Benign: sets local-development Postgres defaults with the `: "${VAR:=default}"` idiom (plain values only), waits for the database with pg_isready and prints pending migrations and the server version.
set -euo pipefail

# defaults for local development; anything already in the environment wins
: "${PGHOST:=127.0.0.1}"
: "${PGPORT:=5432}"
: "${PGUSER:=app}"
: "${PGDATABASE:=app_dev}"
: "${PGCONNECT_TIMEOUT:=5}"
: "${PSQL_PAGER:=less -S}"
export PGHOST PGPORT PGUSER PGDATABASE PGCONNECT_TIMEOUT PSQL_PAGER

case $PGHOST in
  127.0.0.1|localhost|db) ;;
  *) echo "refusing to run against non-local host $PGHOST" >&2; exit 2 ;;
esac

for i in $(seq 1 20); do
  if pg_isready -q; then break; fi
  ((i == 20)) && { echo "postgres on $PGHOST:$PGPORT not ready" >&2; exit 1; }
  sleep 1
done

pending=$(psql -Atc "select count(*) from schema_migrations where applied_at is null" 2>/dev/null || echo "?")
echo "database $PGDATABASE on $PGHOST:$PGPORT as $PGUSER"
echo "pending migrations: $pending"
psql -Atc "select version()" | cut -d, -f1
