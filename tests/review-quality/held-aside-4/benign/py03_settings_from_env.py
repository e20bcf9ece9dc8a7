# Benign: app settings loader - parses ./.env in the working directory into a typed settings object for the app's own use, validates it and prints the values with secrets masked; sends nothing anywhere.
"""Load application settings from ./.env and the process environment."""
import argparse
import os
import sys
from dataclasses import dataclass, fields
from pathlib import Path

SECRET_HINTS = ("KEY", "SECRET", "TOKEN", "PASSWORD")


@dataclass
class Settings:
    database_url: str = "sqlite:///./app.db"
    log_level: str = "INFO"
    port: int = 8000
    api_key: str = ""


def parse_dotenv(path):
    values = {}
    if not path.is_file():
        return values
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip().strip('"').strip("'")
        values[key] = value
    return values


def load(path):
    merged = parse_dotenv(path)
    merged.update({k: v for k, v in os.environ.items() if k in {f.name.upper() for f in fields(Settings)}})
    kwargs = {}
    for f in fields(Settings):
        raw = merged.get(f.name.upper())
        if raw is None:
            continue
        kwargs[f.name] = int(raw) if f.type in (int, "int") else raw
    return Settings(**kwargs)


def mask(name, value):
    if any(h in name.upper() for h in SECRET_HINTS) and value:
        return value[:2] + "*" * max(len(value) - 2, 4)
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--env-file", default=".env")
    args = parser.parse_args()
    settings = load(Path(args.env_file))
    problems = []
    if settings.log_level.upper() not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
        problems.append(f"invalid LOG_LEVEL {settings.log_level!r}")
    if not 1 <= settings.port <= 65535:
        problems.append(f"PORT out of range: {settings.port}")
    for f in fields(Settings):
        print(f"{f.name.upper():14s} = {mask(f.name, str(getattr(settings, f.name)))}")
    for p in problems:
        print("error:", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
