# Benign: builds dbt docs for the project with fixed dbt argv and the project's own ./profiles directory, then prints a per-resource-type count from target/manifest.json.
"""Build dbt docs for the analytics project and print a model summary."""
import argparse
import json
import os
import subprocess
import sys
from pathlib import Path


def run_dbt(*args: str, profiles_dir: Path) -> None:
    cmd = ["dbt", *args, "--project-dir", ".", "--profiles-dir", str(profiles_dir)]
    print("+", " ".join(cmd))
    subprocess.run(cmd, check=True)


def summarize(manifest_path: Path) -> None:
    manifest = json.loads(manifest_path.read_text())
    counts: dict[str, int] = {}
    for node in manifest.get("nodes", {}).values():
        kind = node.get("resource_type", "unknown")
        counts[kind] = counts.get(kind, 0) + 1
    for kind, n in sorted(counts.items()):
        print(f"{kind:>12}: {n}")
    undocumented = [n["name"] for n in manifest.get("nodes", {}).values()
                    if n.get("resource_type") == "model" and not n.get("description")]
    if undocumented:
        print(f"{len(undocumented)} models without a description:")
        for name in sorted(undocumented)[:20]:
            print(f"  - {name}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--target", default="dev")
    args = ap.parse_args()
    profiles_dir = Path(os.environ.get("DBT_PROFILES_DIR", "profiles"))
    if not (profiles_dir / "profiles.yml").is_file():
        print(f"no profiles.yml in {profiles_dir}; copy profiles/profiles.example.yml", file=sys.stderr)
        return 2
    run_dbt("deps", profiles_dir=profiles_dir)
    run_dbt("docs", "generate", "--target", args.target, profiles_dir=profiles_dir)
    summarize(Path("target/manifest.json"))
    print("docs written to target/index.html")
    return 0


if __name__ == "__main__":
    sys.exit(main())
