class Exporter:
    name = "base"

class CsvExporter(Exporter):
    name = "csv"

class JsonExporter(Exporter):
    name = "json"

def exporters():
    return {cls.name: cls for cls in Exporter.__subclasses__()}

print(sorted(exporters()))
