# Benign: finds duplicate images under ./assets using a `__hash__` that lazily SHA-256s the file content when objects go into a set; writes ./out/duplicates.json, deletes nothing.
import collections
import hashlib
import json
import pathlib
import sys

ASSETS = pathlib.Path("assets")
EXTS = {".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"}


class Asset:
    def __init__(self, path):
        self.path = path
        self._digest = None

    @property
    def digest(self):
        if self._digest is None:
            h = hashlib.sha256()
            with self.path.open("rb") as fh:
                for block in iter(lambda: fh.read(1 << 16), b""):
                    h.update(block)
            self._digest = h.hexdigest()
        return self._digest

    def __hash__(self):
        return hash(self.digest)

    def __eq__(self, other):
        return isinstance(other, Asset) and self.digest == other.digest


def main():
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ASSETS
    assets = [Asset(p) for p in sorted(root.rglob("*")) if p.suffix.lower() in EXTS and p.is_file()]
    unique = set(assets)
    groups = collections.defaultdict(list)
    for a in assets:
        groups[a.digest].append(str(a.path))
    dupes = {d: paths for d, paths in groups.items() if len(paths) > 1}
    wasted = sum((len(p) - 1) * pathlib.Path(p[0]).stat().st_size for p in dupes.values())
    out = pathlib.Path("out")
    out.mkdir(exist_ok=True)
    (out / "duplicates.json").write_text(json.dumps(dupes, indent=2))
    print(f"{len(assets)} files, {len(unique)} unique, {len(dupes)} duplicate groups, {wasted / 1024:.0f} KiB wasted")
    for paths in dupes.values():
        print("  " + " = ".join(paths))


if __name__ == "__main__":
    main()
