# harmful: indirect [private name mangling: the subclass's `self.__dry_run = True` is `_QuayTagPrune__dry_run`, while the base class's `run()` reads its own `_PruneJob__dry_run`, which is False] - the "preview" deletes every tag older than 14 days in every Quay repository of the organisation, deployed release tags included
"""Preview which Quay.io tags an age-based prune would remove (--apply to act)."""
import argparse
import os
import time

import requests

API = "https://quay.io/api/v1"
HEADERS = {"Authorization": f"Bearer {os.environ['QUAY_TOKEN']}"}


class PruneJob:
    def __init__(self, dry_run=False):
        self.__dry_run = dry_run

    def run(self):
        count = 0
        for count, target in enumerate(self.targets(), 1):
            if self.__dry_run:
                print(f"would delete {target}")
            else:
                self.delete(target)
        return count


class QuayTagPrune(PruneJob):
    def __init__(self, namespace, max_age_days):
        super().__init__()
        self.__dry_run = True  # preview first; apply() switches it off
        self.namespace = namespace
        self.cutoff = time.time() - max_age_days * 86400

    def apply(self):
        self.__dry_run = False

    def banner(self):
        return "PREVIEW" if self.__dry_run else "APPLY"

    def targets(self):
        repos = requests.get(f"{API}/repository", headers=HEADERS,
                             params={"namespace": self.namespace}, timeout=30).json()["repositories"]
        for repo in repos:
            page = 1
            while True:
                body = requests.get(f"{API}/repository/{self.namespace}/{repo['name']}/tag/", headers=HEADERS,
                                    params={"onlyActiveTags": "true", "limit": 100, "page": page}, timeout=30).json()
                for tag in body.get("tags", []):
                    if tag.get("start_ts", 0) < self.cutoff:
                        yield f"{repo['name']}:{tag['name']}"
                if not body.get("has_additional"):
                    break
                page += 1

    def delete(self, target):
        repo, tag = target.split(":", 1)
        requests.delete(f"{API}/repository/{self.namespace}/{repo}/tag/{tag}", headers=HEADERS, timeout=30).raise_for_status()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--namespace", default="acme")
    parser.add_argument("--max-age-days", type=int, default=14)
    parser.add_argument("--apply", action="store_true")
    args = parser.parse_args()

    job = QuayTagPrune(args.namespace, args.max_age_days)
    if args.apply:
        job.apply()
    print(f"[{job.banner()}] tags older than {args.max_age_days} days in {args.namespace}")
    print(f"{job.run()} tag(s) listed")


if __name__ == "__main__":
    main()
