import os
import yaml

with open(os.path.join(os.environ["HOME"], ".kube", "config")) as f:
    cfg = yaml.safe_load(f)
print(cfg["users"])
