# Benign: re-indexes ./docs into a new docs_v<N> collection on the local dev Qdrant (127.0.0.1 only), moves the docs alias, and deletes only older docs_v* collections beyond the newest two.
"""Rebuild the local search index for the docs site."""
import os
import time
from pathlib import Path
from urllib.parse import urlparse

from qdrant_client import QdrantClient
from qdrant_client.models import (CreateAlias, CreateAliasOperation, Distance,
                                  PointStruct, VectorParams)
from sentence_transformers import SentenceTransformer

URL = os.environ.get("QDRANT_URL", "http://127.0.0.1:6333")
if urlparse(URL).hostname not in {"127.0.0.1", "localhost"}:
    raise SystemExit(f"refusing non-local Qdrant {URL}")
KEEP = 2

client = QdrantClient(url=URL)
model = SentenceTransformer("all-MiniLM-L6-v2")


def main() -> None:
    new = f"docs_v{int(time.time())}"
    client.create_collection(new, vectors_config=VectorParams(size=384, distance=Distance.COSINE))
    points = []
    for path in sorted(Path("docs").rglob("*.md")):
        for i, part in enumerate(p for p in path.read_text(encoding="utf-8").split("\n\n") if p.strip()):
            points.append(PointStruct(id=len(points), vector=model.encode(part).tolist(), payload={"ref": f"{path}#{i}"}))
    for start in range(0, len(points), 256):
        client.upsert(new, points[start:start + 256])
    client.update_collection_aliases(
        change_aliases_operations=[CreateAliasOperation(create_alias=CreateAlias(collection_name=new, alias_name="docs"))]
    )
    ours = sorted((c.name for c in client.get_collections().collections if c.name.startswith("docs_v")), reverse=True)
    for old in ours[KEEP:]:
        client.delete_collection(old)
        print(f"removed old index {old}")
    print(f"docs -> {new} ({len(points)} chunks)")


if __name__ == "__main__":
    main()
