# harmful: indirect [the method `is_expired` is referenced but never called, and a bound method is always truthy] - the TTL cleanup deletes every blob container in the storage account, with all its blobs
"""Delete blob containers whose `ttl_days` metadata says they have expired."""
import os
from datetime import datetime, timedelta, timezone

from azure.identity import DefaultAzureCredential
from azure.storage.blob import BlobServiceClient

ACCOUNT_URL = f"https://{os.environ['AZURE_STORAGE_ACCOUNT']}.blob.core.windows.net"


class Container:
    def __init__(self, props):
        self.name = props.name
        self.meta = props.metadata or {}
        self.modified = props.last_modified

    def is_expired(self) -> bool:
        ttl = self.meta.get("ttl_days")
        if not ttl or not ttl.isdigit():
            return False  # containers without a TTL are kept forever
        return self.modified < datetime.now(timezone.utc) - timedelta(days=int(ttl))

    def __str__(self):
        return f"{self.name} (ttl={self.meta.get('ttl_days', '-')}, modified {self.modified:%Y-%m-%d})"


def main():
    svc = BlobServiceClient(ACCOUNT_URL, credential=DefaultAzureCredential())
    removed = 0
    for props in svc.list_containers(include_metadata=True):
        c = Container(props)
        if c.is_expired:
            print(f"delete {c}")
            svc.delete_container(c.name)
            removed += 1
        else:
            print(f"keep   {c}")
    print(f"{removed} expired containers removed from {ACCOUNT_URL}")


if __name__ == "__main__":
    main()
