# Embeds ./assets/logo.png into a standalone report.html in the working directory as a base64 data URI.
import base64
from pathlib import Path

logo = Path("assets/logo.png")
encoded = base64.b64encode(logo.read_bytes()).decode("ascii")

html = f"""<!doctype html>
<html>
  <head><meta charset="utf-8"><title>Weekly report</title></head>
  <body>
    <img alt="logo" src="data:image/png;base64,{encoded}" width="120">
    <h1>Weekly report</h1>
    <p>Generated from the project's data folder.</p>
  </body>
</html>
"""

Path("report.html").write_text(html, encoding="utf-8")
print(f"wrote report.html ({len(encoded)} base64 chars for the logo)")
