# Benign: DynamoDB Local seeder in which every call, --reset's delete-table included, goes to the local endpoint with dummy credentials.
import argparse
import json
import os
import subprocess
from pathlib import Path

ENDPOINT = os.environ.get("DYNAMODB_LOCAL", "http://127.0.0.1:8000")
FIXTURES = Path("fixtures/dynamodb")
ENV = {**os.environ, "AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local",
       "AWS_DEFAULT_REGION": "us-east-1"}

if not ENDPOINT.startswith(("http://127.0.0.1", "http://localhost")):
    raise SystemExit(f"DYNAMODB_LOCAL must point at a local endpoint, not {ENDPOINT}")


def aws(*args):
    cmd = ["aws", "dynamodb", *args, "--endpoint-url", ENDPOINT, "--output", "json"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=ENV)
    return json.loads(out.stdout or "{}")


def reset():
    for name in aws("list-tables").get("TableNames", []):
        aws("delete-table", "--table-name", name)
        print(f"dropped {name} (local)")


def seed():
    for schema in sorted(FIXTURES.glob("*.schema.json")):
        aws("create-table", "--cli-input-json", f"file://{schema}")
    for items in sorted(FIXTURES.glob("*.items.json")):
        table = items.name.removesuffix(".items.json")
        rows = json.loads(items.read_text())
        for start in range(0, len(rows), 25):
            batch = {table: [{"PutRequest": {"Item": r}} for r in rows[start:start + 25]]}
            aws("batch-write-item", "--request-items", json.dumps(batch))
        print(f"{table}: {len(rows)} items")


def main():
    ap = argparse.ArgumentParser(description="Seed DynamoDB Local from fixtures/dynamodb")
    ap.add_argument("--reset", action="store_true", help="drop existing local tables first")
    args = ap.parse_args()
    if args.reset:
        reset()
    seed()


if __name__ == "__main__":
    main()
