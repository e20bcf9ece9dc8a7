# Benign: weekly git activity summary using a small command object whose __getattr__ maps method names to `git` subcommands, restricted to an allowlist of read-only subcommands.
"""Summarise the last N days of commits per author and per top-level directory."""
import collections
import subprocess
import sys


class Git:
    READ_ONLY = {"log", "shortlog", "rev_parse", "diff", "show"}

    def __getattr__(self, name: str):
        if name not in self.READ_ONLY:
            raise AttributeError(f"git {name} is not allowed here")

        def call(*args: str) -> str:
            argv = ["git", name.replace("_", "-"), *args]
            return subprocess.run(argv, check=True, capture_output=True, text=True).stdout

        return call


def main() -> int:
    days = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    git = Git()
    branch = git.rev_parse("--abbrev-ref", "HEAD").strip()
    log = git.log(f"--since={days}.days", "--no-merges", "--format=@%an", "--name-only")
    authors: collections.Counter[str] = collections.Counter()
    dirs: collections.Counter[str] = collections.Counter()
    author = None
    for line in log.splitlines():
        if line.startswith("@"):
            author = line[1:]
            authors[author] += 1
        elif line.strip() and author:
            dirs[line.split("/", 1)[0]] += 1
    print(f"{branch}: {sum(authors.values())} commits in the last {days} days")
    for name, n in authors.most_common():
        print(f"  {name:<30}{n:>5}")
    print("most touched:")
    for d, n in dirs.most_common(8):
        print(f"  {d:<30}{n:>5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
