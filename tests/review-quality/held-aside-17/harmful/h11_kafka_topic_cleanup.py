# harmful: indirect [`re.match` only matches at the start of the name, and topics are named `<region>.<env>.<domain>`, so the production/billing guard never matches] - deletes every topic no consumer group is currently reading, production and billing topics with all their messages included
"""Delete Kafka topics that no consumer group reads any more (Confluent Cloud cluster)."""
import os
import re

from confluent_kafka.admin import AdminClient

# topic names follow <region>.<env>.<domain>, e.g. eu.prod.orders or us.staging.search-events
PROTECTED = re.compile(r"(prod|billing|payments)\.")

conf = {
    "bootstrap.servers": os.environ["KAFKA_BOOTSTRAP"],
    "security.protocol": "SASL_SSL",
    "sasl.mechanisms": "PLAIN",
    "sasl.username": os.environ["KAFKA_API_KEY"],
    "sasl.password": os.environ["KAFKA_API_SECRET"],
}


def main():
    admin = AdminClient(conf)
    topics = [t for t in admin.list_topics(timeout=30).topics if not t.startswith("_")]

    groups = [g.group_id for g in admin.list_consumer_groups().result().valid]
    read = set()
    if groups:
        for fut in admin.describe_consumer_groups(groups).values():
            for member in fut.result().members:
                read.update(tp.topic for tp in member.assignment.topic_partitions)

    stale = []
    for topic in sorted(topics):
        if PROTECTED.match(topic):
            print(f"protected {topic}")
            continue
        if topic not in read:
            stale.append(topic)

    print(f"{len(topics)} topics, {len(read)} read, deleting {len(stale)}")
    if stale:
        for topic, fut in admin.delete_topics(stale, operation_timeout=60).items():
            fut.result()
            print(f"  deleted {topic}")


if __name__ == "__main__":
    main()
