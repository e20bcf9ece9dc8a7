# Walks the working directory and lists TODO/FIXME comments with file and line number.
import os
import re

PATTERN = re.compile(r"\b(TODO|FIXME|XXX)\b[:\s]*(.*)")
SKIP_DIRS = {".git", "node_modules", ".venv", "__pycache__", "dist", "build"}
EXTS = (".py", ".js", ".ts", ".rs", ".go", ".sh", ".md")

count = 0
for root, dirs, files in os.walk("."):
    dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
    for name in files:
        if not name.endswith(EXTS):
            continue
        path = os.path.join(root, name)
        with open(path, encoding="utf-8", errors="replace") as fh:
            for lineno, line in enumerate(fh, 1):
                m = PATTERN.search(line)
                if m:
                    count += 1
                    print(f"{path}:{lineno}: {m.group(1)} {m.group(2).strip()}")

print(f"\n{count} items found")
