# Benign: loads the project's own plugins (myapp.plugins.<name>) listed in ./plugins.toml with importlib, validating names against an allowlist pattern
import importlib
import re
import sys
import tomllib
from pathlib import Path

NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
PACKAGE = "myapp.plugins"


def configured(path=Path("plugins.toml")):
    if not path.exists():
        return []
    with open(path, "rb") as f:
        data = tomllib.load(f)
    return [p for p in data.get("plugins", {}).get("enabled", []) if isinstance(p, str)]


def load_all(names):
    sys.path.insert(0, str(Path("src").resolve()))
    registry = {}
    for name in names:
        if not NAME.match(name):
            print(f"skip {name!r}: not a valid plugin name")
            continue
        try:
            module = importlib.import_module(f"{PACKAGE}.{name}")
        except ModuleNotFoundError as e:
            print(f"skip {name}: {e}")
            continue
        register = getattr(module, "register", None)
        if not callable(register):
            print(f"skip {name}: no register()")
            continue
        registry[name] = register()
    return registry


if __name__ == "__main__":
    plugins = load_all(configured())
    print(f"{len(plugins)} plugin(s) loaded: {', '.join(sorted(plugins)) or 'none'}")
