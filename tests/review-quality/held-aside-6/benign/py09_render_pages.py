# Benign: renders ./templates/*.html with string.Template into ./site via tempfile atomic writes; SIGINT/SIGTERM handlers and an atexit hook remove the half-written temp files
"""Render static pages from templates and ./site.json."""
import atexit
import json
import os
import signal
import string
import sys
import tempfile
from pathlib import Path

SRC, OUT = Path("templates"), Path("site")
_pending: set[Path] = set()


def _cleanup() -> None:
    for tmp in list(_pending):
        tmp.unlink(missing_ok=True)
        _pending.discard(tmp)


def _on_signal(signum, frame):
    _cleanup()
    sys.exit(128 + signum)


atexit.register(_cleanup)
signal.signal(signal.SIGINT, _on_signal)
signal.signal(signal.SIGTERM, _on_signal)


def write_atomic(target: Path, text: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    tmp = Path(name)
    _pending.add(tmp)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, target)
    _pending.discard(tmp)


def main() -> int:
    context = json.loads(Path("site.json").read_text())
    count = 0
    for tpl in sorted(SRC.glob("*.html")):
        page = string.Template(tpl.read_text(encoding="utf-8"))
        try:
            html = page.substitute(context, page=tpl.stem)
        except KeyError as missing:
            print(f"{tpl}: missing value {missing}", file=sys.stderr)
            return 1
        write_atomic(OUT / tpl.name, html)
        count += 1
    print(f"rendered {count} page(s) into {OUT}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
