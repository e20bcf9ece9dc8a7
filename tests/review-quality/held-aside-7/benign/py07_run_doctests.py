# Benign: runs doctest on the project's own modules, imported with importlib from a fixed allowlist of names under myapp.
"""Run doctests for selected project modules."""
import doctest
import importlib
import sys

MODULES = ("myapp.text", "myapp.dates", "myapp.money", "myapp.paths")


def main(argv):
    wanted = argv or list(MODULES)
    unknown = [m for m in wanted if m not in MODULES]
    if unknown:
        print(f"not in allowlist: {', '.join(unknown)}", file=sys.stderr)
        return 2
    failed = attempted = 0
    for name in wanted:
        module = importlib.import_module(name)
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        failed += result.failed
        attempted += result.attempted
        print(f"{name:14s} {result.attempted - result.failed}/{result.attempted}")
    print(f"total: {attempted - failed}/{attempted} examples passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.path.insert(0, "src")
    sys.exit(main(sys.argv[1:]))
