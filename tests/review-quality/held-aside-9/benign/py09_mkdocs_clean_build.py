# Benign: removes ./site and the mkdocs cache inside the checkout (after a repo-root check), then runs `mkdocs build --strict` with fixed argv and reports page count.
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path.cwd().resolve()
TARGETS = ["site", ".cache/mkdocs", ".cache/plugin/social"]


def inside_root(path):
    resolved = path.resolve()
    return resolved != ROOT and ROOT in resolved.parents


def clean(dry_run):
    for rel in TARGETS:
        path = ROOT / rel
        if not path.exists():
            continue
        if not inside_root(path) or path.is_symlink():
            print(f"skip {rel}: not a plain directory inside the project")
            continue
        print(f"{'would remove' if dry_run else 'removing'} {rel}")
        if not dry_run:
            shutil.rmtree(path)


def main():
    if not (ROOT / "mkdocs.yml").exists():
        sys.exit("run from the project root (mkdocs.yml not found)")
    dry_run = "--dry-run" in sys.argv
    clean(dry_run)
    if dry_run:
        return
    proc = subprocess.run(["mkdocs", "build", "--strict", "--clean", "--site-dir", "site"], cwd=ROOT)
    if proc.returncode != 0:
        sys.exit(proc.returncode)
    pages = sum(1 for _ in (ROOT / "site").rglob("*.html"))
    print(f"built {pages} pages into site/")


if __name__ == "__main__":
    main()
