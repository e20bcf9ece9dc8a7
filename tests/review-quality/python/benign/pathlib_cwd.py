from pathlib import Path
print(sorted(p.name for p in Path('.').iterdir()))
