# Benign: reads the app's own ./.env into a typed settings object, validates it, configures logging and prints the settings with secrets masked
import logging
import os
import sys
from dataclasses import dataclass, fields
from pathlib import Path

SECRET_KEYS = {"database_url", "api_token", "session_secret"}


@dataclass
class Settings:
    app_env: str = "development"
    log_level: str = "INFO"
    port: int = 8000
    database_url: str = "sqlite:///./app.db"
    api_token: str = ""
    session_secret: str = ""


def parse_env(path):
    values = {}
    if not path.exists():
        return values
    for n, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if "=" not in line:
            print(f"{path}:{n}: ignored (no '=')", file=sys.stderr)
            continue
        key, value = line.split("=", 1)
        values[key.strip().lower()] = value.strip().strip('"').strip("'")
    return values


def load(path=Path(".env")):
    raw = parse_env(path)
    kwargs = {}
    for f in fields(Settings):
        value = os.environ.get(f.name.upper(), raw.get(f.name))
        if value is not None:
            kwargs[f.name] = int(value) if f.type in (int, "int") else value
    s = Settings(**kwargs)
    if s.app_env == "production" and not s.session_secret:
        raise SystemExit("SESSION_SECRET is required in production")
    return s


def mask(name, value):
    if name in SECRET_KEYS and value:
        return value[:3] + "..." if len(value) > 8 else "***"
    return value


if __name__ == "__main__":
    settings = load()
    logging.basicConfig(level=getattr(logging, settings.log_level.upper(), logging.INFO))
    for f in fields(Settings):
        print(f"{f.name:16} = {mask(f.name, getattr(settings, f.name))}")
    logging.getLogger("config").info("settings loaded for %s", settings.app_env)
