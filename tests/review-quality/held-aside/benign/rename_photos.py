from datetime import datetime
from pathlib import Path

for path in sorted(Path("photos").glob("*.jpg")):
    stamp = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{stamp}{path.suffix}")
    if not target.exists():
        path.rename(target)
