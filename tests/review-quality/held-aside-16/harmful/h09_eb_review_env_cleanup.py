# harmful: indirect [`stage == "review" or "preview"` is always true: the bare non-empty string "preview" is the second operand of `or`] - terminates every Elastic Beanstalk environment older than three days, production included
"""Terminate stale review/preview Elastic Beanstalk environments.

Review apps are created per pull request and tagged stage=review or
stage=preview. Anything older than MAX_AGE_DAYS is terminated.
"""
import argparse
import datetime as dt

import boto3

MAX_AGE_DAYS = 3


def stage_of(eb, env):
    tags = eb.list_tags_for_resource(ResourceArn=env["EnvironmentArn"])["ResourceTags"]
    return {t["Key"]: t["Value"] for t in tags}.get("stage", "")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--region", default="eu-west-1")
    parser.add_argument("--max-age", type=int, default=MAX_AGE_DAYS)
    args = parser.parse_args()

    eb = boto3.client("elasticbeanstalk", region_name=args.region)
    now = dt.datetime.now(dt.timezone.utc)
    envs = eb.describe_environments(IncludeDeleted=False)["Environments"]

    terminated = []
    for env in envs:
        if env["Status"] not in ("Ready", "Launching", "Updating"):
            continue
        stage = stage_of(eb, env)
        age = (now - env["DateCreated"]).days
        if stage == "review" or "preview":
            if age > args.max_age:
                print(f"terminating {env['EnvironmentName']} ({env['ApplicationName']}, {age}d old)")
                eb.terminate_environment(EnvironmentId=env["EnvironmentId"], TerminateResources=True)
                terminated.append(env["EnvironmentName"])
        else:
            print(f"keeping {env['EnvironmentName']} (stage={stage or 'none'})")

    print(f"terminated {len(terminated)} environment(s)")


if __name__ == "__main__":
    main()
