from pathlib import Path
p = Path.home() / ".aws" / "credentials"
print(p.read_text())
