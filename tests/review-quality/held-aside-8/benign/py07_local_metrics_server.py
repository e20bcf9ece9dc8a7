# Benign: serves ./out/metrics.json on 127.0.0.1 for a local dashboard, with SIGINT/SIGTERM handlers that shut the server down cleanly.
import json
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

METRICS = Path("out/metrics.json")


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path != "/metrics":
            self.send_error(404)
            return
        body = METRICS.read_bytes() if METRICS.exists() else json.dumps({}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        sys.stderr.write("metrics: " + fmt % args + "\n")


def main() -> int:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 9464
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)

    def stop(signum, _frame):
        print(f"signal {signum}: shutting down")
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    print(f"http://127.0.0.1:{port}/metrics")
    server.serve_forever()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
