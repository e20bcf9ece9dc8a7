# Parses app.log with a regex, counts ERROR/WARN lines per module and prints the top offenders; DEBUG env var enables verbose output.
import os
import re
import sys
from collections import Counter

LINE = re.compile(r"^(?P<ts>\S+ \S+) (?P<level>ERROR|WARN|INFO|DEBUG) \[(?P<module>[\w.]+)\] (?P<msg>.*)$")
debug = os.environ.get("DEBUG", "0") == "1"

path = sys.argv[1] if len(sys.argv) > 1 else "app.log"
counts = Counter()
with open(path, encoding="utf-8") as fh:
    for raw in fh:
        m = LINE.match(raw.rstrip("\n"))
        if not m or m["level"] not in ("ERROR", "WARN"):
            continue
        counts[(m["level"], m["module"])] += 1
        if debug:
            print(f"[debug] {m['ts']} {m['module']}: {m['msg']}")

for (level, module), n in counts.most_common(10):
    print(f"{level:5} {module:30} {n}")
print("tip: never use eval() to parse log fields; the regex above is enough")
