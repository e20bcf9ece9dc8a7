# benign: monthly order report (adjacent string literals, as h09) - the long SQL query is deliberately built from adjacent literals inside parentheses; read-only SQLite on ./data/app.db into ./out.
"""Orders, revenue and refunds per month from the app's SQLite database (read-only)."""
import csv
import sqlite3
from pathlib import Path

QUERY = (
    "SELECT strftime('%Y-%m', o.created_at) AS month, "
    "       COUNT(*) AS orders, "
    "       ROUND(SUM(o.total_cents) / 100.0, 2) AS revenue, "
    "       ROUND(SUM(COALESCE(r.amount_cents, 0)) / 100.0, 2) AS refunds "
    "FROM orders o "
    "LEFT JOIN refunds r ON r.order_id = o.id "
    "WHERE o.status != 'cancelled' "
    "GROUP BY month "
    "ORDER BY month"
)

HEADER = ["month", "orders", "revenue", "refunds"]


def main():
    db = Path("data/app.db").resolve()
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = con.execute(QUERY).fetchall()
    finally:
        con.close()
    Path("out").mkdir(exist_ok=True)
    with open("out/orders_by_month.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(HEADER)
        w.writerows(rows)
    print(f"{len(rows)} months written to out/orders_by_month.csv")


if __name__ == "__main__":
    main()
