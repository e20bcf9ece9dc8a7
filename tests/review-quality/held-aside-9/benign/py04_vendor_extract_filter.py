# Benign: unpacks ./vendor/*.tar.gz into ./vendor/src with a tarfile extraction `filter=` callable that strips the top folder and rejects links, absolute paths and `..`.
import os
import pathlib
import shutil
import sys
import tarfile

VENDOR = pathlib.Path("vendor")
DEST = VENDOR / "src"


def strip_top(member, dest_path):
    """Extraction filter: drop the archive's top-level folder and refuse anything unsafe."""
    member = tarfile.data_filter(member, dest_path)
    parts = pathlib.PurePosixPath(member.name).parts
    if len(parts) < 2:
        return None
    name = "/".join(parts[1:])
    if name.startswith("/") or ".." in pathlib.PurePosixPath(name).parts:
        raise tarfile.OutsideDestinationError(member, name)
    if member.issym() or member.islnk():
        return None
    return member.replace(name=name, deep=False)


def unpack(archive):
    pkg = archive.name[: -len(".tar.gz")]
    target = DEST / pkg
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(archive, "r:gz") as tf:
        tf.extractall(target, filter=strip_top)
    count = sum(1 for p in target.rglob("*") if p.is_file())
    return pkg, count


def main():
    archives = sorted(VENDOR.glob("*.tar.gz"))
    if not archives:
        sys.exit("no vendor archives")
    DEST.mkdir(parents=True, exist_ok=True)
    for archive in archives:
        try:
            pkg, count = unpack(archive)
            print(f"ok   {pkg:<30} {count} files")
        except tarfile.FilterError as exc:
            print(f"SKIP {archive.name}: {exc}")
    print(f"unpacked into {os.path.relpath(DEST)}")


if __name__ == "__main__":
    main()
