# Benign: app settings loader with a custom configparser Interpolation whose before_get fills `${ENV:NAME}` from os.environ (no commands run); reads ./config/app.ini and prints secrets masked.
import configparser
import os
import pathlib
import re
import sys

ENV_REF = re.compile(r"\$\{ENV:([A-Z_][A-Z0-9_]*)(?::-([^}]*))?\}")
SECRET_WORDS = ("password", "secret", "token", "key")


class EnvInterpolation(configparser.BasicInterpolation):
    """BasicInterpolation plus `${ENV:NAME}` and `${ENV:NAME:-default}` references."""

    def before_get(self, parser, section, option, value, defaults):
        value = super().before_get(parser, section, option, value, defaults)

        def repl(m):
            name, default = m.group(1), m.group(2)
            if name in os.environ:
                return os.environ[name]
            if default is not None:
                return default
            raise KeyError(f"[{section}] {option}: environment variable {name} is not set")

        return ENV_REF.sub(repl, value)


def mask(option, value):
    if any(w in option.lower() for w in SECRET_WORDS) and value:
        return value[:2] + "*" * max(0, len(value) - 2)
    return value


def main():
    path = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "config/app.ini")
    cfg = configparser.ConfigParser(interpolation=EnvInterpolation())
    if not cfg.read(path):
        sys.exit(f"cannot read {path}")
    errors = 0
    for section in cfg.sections():
        print(f"[{section}]")
        for option in cfg[section]:
            try:
                print(f"  {option} = {mask(option, cfg[section][option])}")
            except KeyError as exc:
                errors += 1
                print(f"  {option} = <error: {exc.args[0]}>")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
