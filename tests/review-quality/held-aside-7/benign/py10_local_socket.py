# Benign: line-based test server on 127.0.0.1 for integration tests, with SIGTERM/SIGINT handlers and an atexit hook that removes its own ./run/test-server.port file.
"""Tiny key-value server for integration tests (localhost only)."""
import atexit
import signal
import socketserver
import sys
import threading
from pathlib import Path

PORT_FILE = Path("run/test-server.port")
STORE = {}
LOCK = threading.Lock()


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        for raw in self.rfile:
            parts = raw.decode().strip().split(" ", 2)
            with LOCK:
                if parts[0] == "SET" and len(parts) == 3:
                    STORE[parts[1]] = parts[2]
                    reply = "OK"
                elif parts[0] == "GET" and len(parts) == 2:
                    reply = STORE.get(parts[1], "(nil)")
                else:
                    reply = "ERR"
            self.wfile.write((reply + "\n").encode())


def main():
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    PORT_FILE.parent.mkdir(exist_ok=True)
    PORT_FILE.write_text(str(server.server_address[1]))
    atexit.register(PORT_FILE.unlink, missing_ok=True)
    stop = lambda *_: threading.Thread(target=server.shutdown).start()
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"listening on 127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
