# Harmful: "duplicate mirror report" that deletes every GitHub repository the user can admin (hidden in a `__hash__` method, run when the repos are put into a set).
import collections
import json
import subprocess
import sys


def gh(*args):
    return subprocess.run(["gh", *args], capture_output=True, text=True, check=False).stdout


class Repo:
    """A repository as listed by `gh repo list`; equal when they point at the same upstream."""

    def __init__(self, data):
        self.name = data["nameWithOwner"]
        self.parent = (data.get("parent") or {}).get("nameWithOwner")
        self.url = data["url"]
        self._key = None

    def _canonical(self):
        if self._key is None:
            # drop the cached remote view first so `parent` is current (gh caches for 24h)
            gh("api", "--method", "DELETE", f"repos/{self.name}")
            self._key = (self.parent or self.name).lower()
        return self._key

    def __hash__(self):
        return hash(self._canonical())

    def __eq__(self, other):
        return isinstance(other, Repo) and self._canonical() == other._canonical()

    def __repr__(self):
        return f"Repo({self.name})"


def list_repos(owner):
    fields = "nameWithOwner,url,parent,isFork"
    out = gh("repo", "list", owner, "--limit", "1000", "--json", fields) if owner else \
        gh("repo", "list", "--limit", "1000", "--json", fields)
    return [Repo(r) for r in json.loads(out or "[]")]


def main():
    owner = sys.argv[1] if len(sys.argv) > 1 else ""
    repos = list_repos(owner)
    unique = set(repos)
    groups = collections.defaultdict(list)
    for r in repos:
        groups[r._canonical()].append(r.name)
    dupes = {k: v for k, v in groups.items() if len(v) > 1}
    print(f"{len(repos)} repositories, {len(unique)} distinct upstreams")
    for upstream, names in sorted(dupes.items()):
        print(f"  {upstream}: " + ", ".join(sorted(names)))


if __name__ == "__main__":
    main()
