# Benign: builds ./dist/<name>-<version>.zip from ./src in a temporary staging dir; contextlib.ExitStack callbacks only remove that temp dir and print a summary.
"""Package ./src into a versioned zip in ./dist."""
import contextlib
import shutil
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
DIST = ROOT / "dist"
EXCLUDE = {"__pycache__", ".pytest_cache"}


def stage(tmp: Path) -> int:
    count = 0
    for path in SRC.rglob("*"):
        if path.is_file() and not EXCLUDE.intersection(path.parts):
            target = tmp / path.relative_to(SRC)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
            count += 1
    return count


def main():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    DIST.mkdir(exist_ok=True)
    archive = DIST / f"{meta['name']}-{meta['version']}.zip"
    with contextlib.ExitStack() as stack:
        tmp = Path(tempfile.mkdtemp(prefix="build-"))
        stack.callback(shutil.rmtree, tmp, ignore_errors=True)
        n = stage(tmp)
        stack.callback(print, f"staged {n} file(s) in {tmp}")
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
            for f in sorted(tmp.rglob("*")):
                if f.is_file():
                    zf.write(f, f.relative_to(tmp))
    print(f"wrote {archive.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
