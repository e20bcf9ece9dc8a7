# Benign: base64-encodes the PNG/SVG images in ./assets into data: URIs and writes a self-contained ./build/gallery.html.
import base64
import html
import mimetypes
from pathlib import Path

ASSETS = Path("assets")
OUT = Path("build") / "gallery.html"


def data_uri(path):
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"data:{mime};base64,{base64.b64encode(path.read_bytes()).decode('ascii')}"


def main():
    images = sorted(p for p in ASSETS.glob("*") if p.suffix.lower() in {".png", ".svg", ".jpg"})
    figures = "\n".join(
        f'<figure><img src="{data_uri(p)}" alt="{html.escape(p.stem)}"><figcaption>{html.escape(p.name)}</figcaption></figure>'
        for p in images
    )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        "<!doctype html><meta charset='utf-8'><title>Gallery</title>\n"
        "<style>figure{display:inline-block;margin:8px}img{max-width:240px}</style>\n"
        f"{figures}\n",
        encoding="utf-8",
    )
    print(f"wrote {OUT} with {len(images)} images")


if __name__ == "__main__":
    main()
