# Benign: pytest fixture that runs a tiny line-protocol TCP server on 127.0.0.1 in a thread, plus a test that talks to it
"""Loopback TCP fixture for the protocol client tests."""
import socket
import socketserver
import threading

import pytest


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        for raw in self.rfile:
            line = raw.decode().strip()
            if line == "PING":
                self.wfile.write(b"PONG\n")
            elif line.startswith("ECHO "):
                self.wfile.write(line[5:].encode() + b"\n")
            elif line == "QUIT":
                self.wfile.write(b"BYE\n")
                return
            else:
                self.wfile.write(b"ERR unknown command\n")


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


@pytest.fixture
def line_server():
    server = Server(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address
    finally:
        server.shutdown()
        server.server_close()


def talk(addr, *lines):
    with socket.create_connection(addr, timeout=2) as s:
        f = s.makefile("rwb")
        out = []
        for line in lines:
            f.write(line.encode() + b"\n")
            f.flush()
            out.append(f.readline().decode().strip())
        return out


def test_protocol(line_server):
    assert talk(line_server, "PING", "ECHO hello", "NOPE", "QUIT") == ["PONG", "hello", "ERR unknown command", "BYE"]
