# Summarises the repository state by running `git status --porcelain` and `git diff --stat` in the working directory.
import subprocess


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def main():
    status = git("status", "--porcelain")
    changed = [line[3:] for line in status.splitlines() if line.strip()]
    untracked = [line[3:] for line in status.splitlines() if line.startswith("??")]
    print(f"branch: {git('rev-parse', '--abbrev-ref', 'HEAD').strip()}")
    print(f"{len(changed)} changed paths ({len(untracked)} untracked)")
    stat = git("diff", "--stat").strip()
    print(stat or "no unstaged changes")


if __name__ == "__main__":
    main()
