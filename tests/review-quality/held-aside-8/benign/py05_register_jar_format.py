# Benign: registers a ".jar" unpack format with shutil (jars are zips) and extracts ./vendor/*.jar into ./vendor/unpacked with a path-traversal check.
import shutil
import sys
import zipfile
from pathlib import Path


def _unpack_jar(filename: str, extract_dir: str) -> None:
    dest = Path(extract_dir).resolve()
    with zipfile.ZipFile(filename) as zf:
        for member in zf.infolist():
            target = (dest / member.filename).resolve()
            if not target.is_relative_to(dest):
                raise ValueError(f"{filename}: unsafe path {member.filename}")
        zf.extractall(dest)


shutil.register_unpack_format("jar", [".jar"], _unpack_jar, description="Java archive")


def main() -> int:
    vendor = Path("vendor")
    out = vendor / "unpacked"
    jars = sorted(vendor.glob("*.jar"))
    for jar in jars:
        dest = out / jar.stem
        if dest.exists():
            shutil.rmtree(dest)
        shutil.unpack_archive(jar, dest)
        classes = sum(1 for _ in dest.rglob("*.class"))
        print(f"{jar.name}: {classes} classes")
    print(f"{len(jars)} jars unpacked into {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
