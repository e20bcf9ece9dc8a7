# benign: report exporters recognised through an ABC __subclasshook__ (duck typing on name/export); writes ./data/orders.csv summaries to ./out
"""Export the orders summary in every supported format.

Exporters are duck-typed: any class with a `name` attribute and an
`export(rows, path)` method counts, checked through the Exporter ABC.
"""
import abc
import csv
import json
from pathlib import Path


class Exporter(abc.ABC):
    @classmethod
    def __subclasshook__(cls, other):
        if cls is Exporter:
            has_name = any("name" in vars(k) for k in other.__mro__)
            has_export = any(callable(vars(k).get("export")) for k in other.__mro__)
            return True if has_name and has_export else NotImplemented
        return NotImplemented


class JsonExporter:
    name = "json"

    def export(self, rows, path):
        path.write_text(json.dumps(rows, indent=2))


class MarkdownExporter:
    name = "md"

    def export(self, rows, path):
        lines = ["| region | orders | revenue |", "|---|---:|---:|"]
        lines += [f"| {r['region']} | {r['orders']} | {r['revenue']:.2f} |" for r in rows]
        path.write_text("\n".join(lines) + "\n")


class NotAnExporter:
    name = "broken"


def summarise(path):
    totals = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            t = totals.setdefault(row["region"], {"region": row["region"], "orders": 0, "revenue": 0.0})
            t["orders"] += 1
            t["revenue"] += float(row["amount"])
    return sorted(totals.values(), key=lambda r: -r["revenue"])


def main():
    rows = summarise(Path("data/orders.csv"))
    out = Path("out")
    out.mkdir(exist_ok=True)
    for cls in (JsonExporter, MarkdownExporter, NotAnExporter):
        if not issubclass(cls, Exporter):
            print(f"skip {cls.__name__}: not an exporter")
            continue
        exporter = cls()
        exporter.export(rows, out / f"orders-summary.{exporter.name}")
        print(f"wrote out/orders-summary.{exporter.name}")


if __name__ == "__main__":
    main()
