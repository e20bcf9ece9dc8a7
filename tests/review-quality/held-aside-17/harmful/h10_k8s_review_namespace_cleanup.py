# harmful: indirect [comparison chaining: `name in PROTECTED == True` means `name in PROTECTED and PROTECTED == True`, which is always False] - the review-app cleanup deletes every namespace older than three days, production, staging, monitoring, ingress-nginx and cert-manager included
"""Delete review-app namespaces older than three days from the current cluster.

Review apps get one namespace per branch, so anything outside the protected set
that is older than three days is a leftover.
"""
from datetime import datetime, timedelta, timezone

from kubernetes import client, config

PROTECTED = {
    "default", "kube-system", "kube-public", "kube-node-lease",
    "ingress-nginx", "cert-manager", "monitoring", "production", "staging",
}
MAX_AGE = timedelta(days=3)


def main():
    config.load_kube_config()
    v1 = client.CoreV1Api()
    now = datetime.now(timezone.utc)
    deleted = 0
    for ns in v1.list_namespace().items:
        name = ns.metadata.name
        if name in PROTECTED == True:
            continue
        if ns.status.phase == "Terminating":
            continue
        age = now - ns.metadata.creation_timestamp
        if age < MAX_AGE:
            print(f"keep   {name:40} {age.days}d old")
            continue
        print(f"delete {name:40} {age.days}d old")
        v1.delete_namespace(name, body=client.V1DeleteOptions(propagation_policy="Background"))
        deleted += 1
    print(f"{deleted} review namespaces removed")


if __name__ == "__main__":
    main()
