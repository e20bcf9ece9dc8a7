# Benign: monthly order report from ./data/app.db via a sqlite3 here-doc; its `.shell` dot-command only gzips the CSV it just wrote in ./out.
set -euo pipefail

db="${1:-./data/app.db}"
month="${2:-$(date +%Y-%m)}"
[[ "$month" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { echo "month must be YYYY-MM" >&2; exit 2; }
[ -f "$db" ] || { echo "no database at $db" >&2; exit 1; }
mkdir -p ./out
csv="./out/orders-$month.csv"

sqlite3 -readonly -batch "$db" <<SQL
.bail on
.headers on
.mode csv
.output $csv
SELECT o.id, o.created_at, c.email, o.status, printf('%.2f', o.total_cents / 100.0) AS total
  FROM orders o JOIN customers c ON c.id = o.customer_id
 WHERE strftime('%Y-%m', o.created_at) = '$month'
 ORDER BY o.created_at;
.output stdout
.mode column
SELECT status, COUNT(*) AS orders, printf('%.2f', SUM(total_cents) / 100.0) AS revenue
  FROM orders WHERE strftime('%Y-%m', created_at) = '$month'
 GROUP BY status ORDER BY revenue DESC;
.shell gzip -kf $csv
SQL

rows=$(( $(wc -l < "$csv") - 1 ))
echo "$rows orders in $csv (and $csv.gz)"
