# Benign: local dev server - serves ./public on 127.0.0.1 with http.server, adds no-cache headers and an SPA fallback to index.html; loopback only by default.
"""Serve the ./public folder for local development."""
import argparse
import functools
import http.server
import os
import sys
from pathlib import Path


class DevHandler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def send_head(self):
        # SPA fallback: unknown paths without an extension get index.html
        path = Path(self.translate_path(self.path))
        if not path.exists() and not Path(self.path.split("?", 1)[0]).suffix:
            self.path = "/index.html"
        return super().send_head()

    def log_message(self, fmt, *args):
        sys.stderr.write(f"[dev] {self.address_string()} {fmt % args}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--root", default="public")
    args = parser.parse_args()

    root = Path(args.root).resolve()
    if not root.is_dir():
        print(f"{root} not found; run the build first", file=sys.stderr)
        return 2
    handler = functools.partial(DevHandler, directory=str(root))
    with http.server.ThreadingHTTPServer((args.bind, args.port), handler) as httpd:
        print(f"serving {root} at http://{args.bind}:{args.port}/ (Ctrl+C to stop)")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            print("\nbye")
    return 0


if __name__ == "__main__":
    sys.exit(main())
