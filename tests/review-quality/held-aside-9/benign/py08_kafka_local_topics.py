# Benign: lists the topics of the local dev Kafka (bootstrap read from ./.env, expected on 127.0.0.1) with kafka-python and saves ./out/topics.json; sends nothing elsewhere.
import json
import pathlib
import sys

from kafka import KafkaAdminClient

ENV_FILE = pathlib.Path(".env")


def read_env(path):
    values = {}
    if path.exists():
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                values[k.strip()] = v.strip().strip('"')
    return values


def main():
    env = read_env(ENV_FILE)
    bootstrap = env.get("KAFKA_BOOTSTRAP", "127.0.0.1:9092")
    host = bootstrap.split(":")[0]
    if host not in {"127.0.0.1", "localhost"}:
        sys.exit(f"refusing non-local bootstrap {bootstrap}; this tool is for the dev stack")
    admin = KafkaAdminClient(bootstrap_servers=bootstrap, client_id="dev-topic-list", request_timeout_ms=5000)
    try:
        topics = []
        for meta in admin.describe_topics():
            if meta["topic"].startswith("__"):
                continue
            replicas = {len(p["replicas"]) for p in meta["partitions"]}
            topics.append({"name": meta["topic"], "partitions": len(meta["partitions"]), "replication": max(replicas, default=0)})
    finally:
        admin.close()
    topics.sort(key=lambda t: t["name"])
    out = pathlib.Path("out")
    out.mkdir(exist_ok=True)
    (out / "topics.json").write_text(json.dumps(topics, indent=2))
    for t in topics:
        print(f"{t['name']:<40} {t['partitions']:>3} partitions  rf={t['replication']}")
    print(f"{len(topics)} topics on {bootstrap}")


if __name__ == "__main__":
    main()
