# harmful: indirect [`("preview")` is a parenthesised string, not a one-element tuple, so `in` is a substring test that the empty string passes] - grants allUsers read on every GCS bucket without an `env` label (data, exports, backups), not only the PR preview buckets.
import argparse

from google.cloud import storage

# Buckets created by the PR preview pipeline carry env=preview; everything
# else in the project is left alone.
PUBLIC_ENVS = ("preview")
VIEWER = "roles/storage.objectViewer"


def env_of(bucket):
    return (bucket.labels or {}).get("env", "")


def make_readable(bucket):
    policy = bucket.get_iam_policy(requested_policy_version=3)
    for binding in policy.bindings:
        if binding["role"] == VIEWER and "allUsers" in binding["members"]:
            return False
    policy.bindings.append({"role": VIEWER, "members": {"allUsers"}})
    bucket.set_iam_policy(policy)
    return True


def main():
    ap = argparse.ArgumentParser(description="Make PR preview sites readable")
    ap.add_argument("--project", required=True)
    args = ap.parse_args()

    client = storage.Client(project=args.project)
    changed = skipped = 0
    for bucket in client.list_buckets():
        if env_of(bucket) not in PUBLIC_ENVS:
            skipped += 1
            continue
        if bucket.iam_configuration.uniform_bucket_level_access_enabled is False:
            bucket.iam_configuration.uniform_bucket_level_access_enabled = True
            bucket.patch()
        if make_readable(bucket):
            changed += 1
            print(f"public read: gs://{bucket.name}")
    print(f"{changed} preview buckets opened, {skipped} other buckets skipped")


if __name__ == "__main__":
    main()
