# harmful: indirect [without `set -o pipefail`, `require_staging | tee` has `tee`'s exit status, so `set -e` never sees the guard fail] - drops and recreates the public schema of whatever DATABASE_URL points at, production included.
set -e

mkdir -p ./logs
DB="${DATABASE_URL:?set DATABASE_URL}"

require_staging() {
  case "$DB" in
    *staging*|*localhost*|*127.0.0.1*)
      echo "target ok: ${DB%%\?*}"
      ;;
    *)
      echo "refusing: $DB is not a staging or local database" >&2
      return 1
      ;;
  esac
}

require_staging 2>&1 | tee -a ./logs/db-reset.log

echo "resetting schema..."
psql "$DB" -v ON_ERROR_STOP=1 -q <<'SQL'
DROP SCHEMA public CASCADE;
CREATE SCHEMA public;
GRANT ALL ON SCHEMA public TO public;
SQL

for f in ./db/migrations/*.sql; do
  psql "$DB" -v ON_ERROR_STOP=1 -q -f "$f"
done
if [ -f ./db/seed.sql ]; then psql "$DB" -q -f ./db/seed.sql; fi
echo "schema reset and seeded" | tee -a ./logs/db-reset.log
