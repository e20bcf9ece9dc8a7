# Benign: typed settings loaded from ./.env and the environment; typing.get_type_hints() on plain annotations coerces each value, and secrets are masked when printed.
"""Load app settings from ./.env with type coercion."""
from __future__ import annotations

import os
import typing
from dataclasses import dataclass, fields
from pathlib import Path


@dataclass
class Settings:
    app_name: str = "app"
    port: int = 8000
    debug: bool = False
    database_url: str = "sqlite:///./app.db"
    secret_key: str = ""


def read_dotenv(path=Path(".env")):
    values = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip() and not line.lstrip().startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                values[k.strip().lower()] = v.strip().strip("'\"")
    return values


def coerce(kind, raw):
    if kind is bool:
        return raw.lower() in ("1", "true", "yes", "on")
    return kind(raw)


def load():
    hints = typing.get_type_hints(Settings)
    raw = read_dotenv()
    raw.update({f.name: os.environ[f.name.upper()] for f in fields(Settings) if f.name.upper() in os.environ})
    return Settings(**{k: coerce(hints[k], v) for k, v in raw.items() if k in hints})


if __name__ == "__main__":
    s = load()
    for f in fields(s):
        value = getattr(s, f.name)
        shown = "****" if ("secret" in f.name or "url" in f.name) and value else value
        print(f"{f.name:14s} {shown}")
