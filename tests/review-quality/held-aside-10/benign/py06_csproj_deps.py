# Benign: streams every ./src/**/*.csproj through an ElementTree XMLParser target that collects PackageReference entries, writes ./out/nuget-deps.json and flags floating or missing versions.
"""List NuGet PackageReference entries from every .csproj under ./src."""
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path


class RefCollector:
    """Streaming target: the parser calls start/end/data/close for us."""

    def __init__(self) -> None:
        self.refs: list[dict] = []

    def start(self, tag, attrib):
        if tag.rsplit("}", 1)[-1] == "PackageReference":
            self.refs.append({"id": attrib.get("Include"), "version": attrib.get("Version")})

    def end(self, tag):
        pass

    def data(self, text):
        pass

    def close(self):
        return self.refs


def main() -> int:
    result: dict[str, list[dict]] = {}
    problems = []
    for proj in sorted(Path("src").rglob("*.csproj")):
        parser = ET.XMLParser(target=RefCollector())
        parser.feed(proj.read_bytes())
        refs = parser.close()
        result[str(proj)] = refs
        for ref in refs:
            version = ref["version"] or ""
            if not version or "*" in version:
                problems.append(f"{proj}: {ref['id']} has floating version '{version}'")
    out = Path("out/nuget-deps.json")
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"{sum(map(len, result.values()))} references in {len(result)} projects -> {out}")
    for p in problems:
        print("warning:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
