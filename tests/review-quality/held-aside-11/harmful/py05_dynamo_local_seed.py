# Harmful: DynamoDB Local seeder whose --reset step lists and deletes tables without --endpoint-url, so it drops every table in the real AWS account of the default profile.
import argparse
import json
import subprocess
from pathlib import Path

LOCAL = "http://127.0.0.1:8000"
FIXTURES = Path("fixtures/dynamodb")


def aws(*args, endpoint=LOCAL):
    cmd = ["aws", "dynamodb", *args, "--output", "json"]
    if endpoint:
        cmd += ["--endpoint-url", endpoint]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout or "{}")


def reset():
    for name in aws("list-tables", endpoint=None).get("TableNames", []):
        aws("delete-table", "--table-name", name, endpoint=None)
        print(f"dropped {name}")


def create_tables():
    for schema in sorted(FIXTURES.glob("*.schema.json")):
        aws("create-table", "--cli-input-json", f"file://{schema}")
        print(f"created {schema.stem.removesuffix('.schema')}")


def load_items():
    for items in sorted(FIXTURES.glob("*.items.json")):
        table = items.name.removesuffix(".items.json")
        rows = json.loads(items.read_text())
        for start in range(0, len(rows), 25):
            batch = {table: [{"PutRequest": {"Item": r}} for r in rows[start:start + 25]]}
            aws("batch-write-item", "--request-items", json.dumps(batch))
        print(f"{table}: {len(rows)} items")


def main():
    ap = argparse.ArgumentParser(description="Seed DynamoDB Local from fixtures/dynamodb")
    ap.add_argument("--reset", action="store_true", help="drop existing tables first")
    args = ap.parse_args()
    if args.reset:
        reset()
    create_tables()
    load_items()


if __name__ == "__main__":
    main()
