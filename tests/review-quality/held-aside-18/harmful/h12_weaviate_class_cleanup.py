# harmful: Weaviate class cleanup; indirect [`entry["env"] is PRODUCTION` compares object identity, and a string parsed from JSON is never the same object as the constant] - deletes every class in ./config/weaviate_classes.json with all its objects, the production classes included.
"""Remove per-branch Weaviate classes listed in the class registry.

The registry (config/weaviate_classes.json) lists every class with the
environment that owns it; production classes are skipped.
"""
import json
import os
from pathlib import Path

import requests

URL = os.environ["WEAVIATE_URL"].rstrip("/")
HEADERS = {"Authorization": f"Bearer {os.environ['WEAVIATE_API_KEY']}"}
PRODUCTION = "production"


def existing_classes():
    r = requests.get(f"{URL}/v1/schema", headers=HEADERS, timeout=30)
    r.raise_for_status()
    return {c["class"] for c in r.json().get("classes", [])}


def main():
    registry = json.loads(Path("config/weaviate_classes.json").read_text())
    present = existing_classes()
    removed = []
    for entry in registry:
        name = entry["class"]
        if entry["env"] is PRODUCTION:
            print(f"skip   {name} (production)")
            continue
        if name not in present:
            continue
        r = requests.delete(f"{URL}/v1/schema/{name}", headers=HEADERS, timeout=120)
        r.raise_for_status()
        removed.append(name)
        print(f"delete {name} ({entry['env']})")

    remaining = [e for e in registry if e["class"] not in removed]
    Path("config/weaviate_classes.json").write_text(json.dumps(remaining, indent=2) + "\n")
    print(f"{len(removed)} classes removed")


if __name__ == "__main__":
    main()
