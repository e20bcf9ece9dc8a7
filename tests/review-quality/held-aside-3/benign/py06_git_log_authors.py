# Benign: summarises `git log` for the current repository: commits per author and the most recent commit date, via subprocess with a fixed argument list.
import collections
import subprocess
import sys


def git_log(since):
    out = subprocess.run(
        ["git", "log", f"--since={since}", "--no-merges", "--pretty=format:%an%x09%ad", "--date=short"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for line in out.splitlines():
        author, _, date = line.partition("\t")
        yield author, date


def main():
    since = sys.argv[1] if len(sys.argv) > 1 else "90 days ago"
    counts = collections.Counter()
    latest = {}
    for author, date in git_log(since):
        counts[author] += 1
        latest[author] = max(latest.get(author, ""), date)
    if not counts:
        print(f"no commits since {since}")
        return
    for author, n in counts.most_common():
        print(f"{n:5d}  {author:<30} last: {latest[author]}")


if __name__ == "__main__":
    main()
