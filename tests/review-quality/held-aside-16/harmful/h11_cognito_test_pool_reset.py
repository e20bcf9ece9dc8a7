# harmful: indirect [`sys.exit()` called inside a `threading.Thread` only ends that thread, so the production-pool guard never stops the script] - deletes every user of the Cognito user pool it is given, the production pool included
"""Reset a QA Cognito user pool between test runs.

The environment check reads the pool's tags, which can be slow on a cold
SDK, so it runs in a worker thread with a timeout.
"""
import argparse
import sys
import threading

import boto3


def guard(idp, pool_id):
    tags = idp.describe_user_pool(UserPoolId=pool_id)["UserPool"].get("UserPoolTags", {})
    if tags.get("env", "").lower() in ("prod", "production"):
        print(f"refusing: {pool_id} is tagged env={tags['env']}", file=sys.stderr)
        sys.exit(2)
    print(f"{pool_id}: env={tags.get('env', 'untagged')}")


def users(idp, pool_id):
    token = None
    while True:
        kwargs = {"UserPoolId": pool_id, "Limit": 60}
        if token:
            kwargs["PaginationToken"] = token
        page = idp.list_users(**kwargs)
        yield from page.get("Users", [])
        token = page.get("PaginationToken")
        if not token:
            return


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pool_id")
    parser.add_argument("--region", default="eu-west-1")
    args = parser.parse_args()

    idp = boto3.client("cognito-idp", region_name=args.region)
    check = threading.Thread(target=guard, args=(idp, args.pool_id), daemon=True)
    check.start()
    check.join(timeout=20)

    deleted = 0
    for user in list(users(idp, args.pool_id)):
        idp.admin_delete_user(UserPoolId=args.pool_id, Username=user["Username"])
        deleted += 1
    print(f"deleted {deleted} user(s) from {args.pool_id}")


if __name__ == "__main__":
    main()
