# Benign: CLI that imports the project's own myapp.commands.<name> modules with importlib, only for names in a fixed allowlist
"""Entry point for the myapp command-line tool."""
import argparse
import importlib
import sys

COMMANDS = {
    "init": "myapp.commands.init",
    "build": "myapp.commands.build",
    "serve": "myapp.commands.serve",
    "doctor": "myapp.commands.doctor",
}


def load(name: str):
    module_name = COMMANDS.get(name)
    if module_name is None:
        raise SystemExit(f"unknown command {name!r}; choose from {', '.join(sorted(COMMANDS))}")
    module = importlib.import_module(module_name)
    run = getattr(module, "run", None)
    if not callable(run):
        raise SystemExit(f"{module_name} has no run() function")
    return module, run


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="myapp")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("args", nargs=argparse.REMAINDER)
    ap.add_argument("-v", "--verbose", action="store_true")
    ns = ap.parse_args(argv)
    module, run = load(ns.command)
    if ns.verbose:
        print(f"using {module.__name__} from {getattr(module, '__file__', '?')}", file=sys.stderr)
    result = run(ns.args)
    return int(result or 0)


if __name__ == "__main__":
    raise SystemExit(main())
