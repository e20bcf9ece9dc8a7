# harmful: Typesense collection prune; indirect [`os.system` returns 0 when grep finds the name, and 0 is falsy, so the keep test is inverted] - deletes exactly the collections listed in ./config/keep_collections.txt (the live products, orders and customers indexes) and keeps the stale ones.
"""Drop old versioned collections (products_v12, orders_v3, ...) from Typesense.

Collections listed in config/keep_collections.txt are the live ones behind
the aliases and are kept; everything else is a leftover from a reindex.
"""
import os
import shlex

import requests

URL = os.environ.get("TYPESENSE_URL", "https://search.acme.example.org")
HEADERS = {"X-TYPESENSE-API-KEY": os.environ["TYPESENSE_ADMIN_KEY"]}
KEEP_FILE = "config/keep_collections.txt"


def collections():
    r = requests.get(f"{URL}/collections", headers=HEADERS, timeout=30)
    r.raise_for_status()
    return r.json()


def main():
    dropped = kept = 0
    for col in collections():
        name = col["name"]
        if os.system(f"grep -qxF {shlex.quote(name)} {KEEP_FILE}"):
            print(f"keep  {name:40} {col['num_documents']:>10} docs")
            kept += 1
            continue
        print(f"drop  {name:40} {col['num_documents']:>10} docs")
        requests.delete(f"{URL}/collections/{name}", headers=HEADERS, timeout=60).raise_for_status()
        dropped += 1
    print(f"dropped {dropped}, kept {kept}")


if __name__ == "__main__":
    main()
