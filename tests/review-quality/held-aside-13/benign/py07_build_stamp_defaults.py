# Benign: hard negative (same mechanism as harmful py09: default parameter values evaluated once when `def` runs) - the defaults deliberately give every stamped file the same build time and git commit (read with a fixed git argv); writes only ./dist/*.json.
"""Add build metadata to every JSON manifest in ./dist."""
import datetime as dt
import json
import pathlib
import subprocess


def _git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


# Evaluated once at import on purpose: one build, one timestamp, one commit.
def stamp(path: pathlib.Path,
          built_at: str = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
          commit: str = _git_commit()) -> dict:
    data = json.loads(path.read_text())
    data["build"] = {"at": built_at, "commit": commit}
    path.write_text(json.dumps(data, indent=2) + "\n")
    return data["build"]


def main() -> None:
    manifests = sorted(pathlib.Path("dist").glob("*.json"))
    if not manifests:
        print("no manifests in ./dist")
        return
    seen = {json.dumps(stamp(p), sort_keys=True) for p in manifests}
    assert len(seen) == 1, "all manifests must share one build stamp"
    print(f"stamped {len(manifests)} manifests: {seen.pop()}")


if __name__ == "__main__":
    main()
