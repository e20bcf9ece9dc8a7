# Benign: loads the app's settings from ./.env and ./config/app.ini, validates them and prints them with secrets masked
"""Show the effective application settings."""
import configparser
import os
import sys
from pathlib import Path

SECRET_HINTS = ("SECRET", "TOKEN", "PASSWORD", "KEY")
REQUIRED = ("DATABASE_URL", "APP_PORT")


def read_dotenv(path: Path) -> dict:
    values = {}
    if not path.exists():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip().removeprefix("export ").strip()] = value.strip().strip("'\"")
    return values


def read_ini(path: Path) -> dict:
    cp = configparser.ConfigParser()
    cp.read(path)
    return {f"{s.upper()}_{k.upper()}": v for s in cp.sections() for k, v in cp[s].items()}


def mask(key: str, value: str) -> str:
    if any(h in key.upper() for h in SECRET_HINTS):
        return value[:2] + "****" if len(value) > 4 else "****"
    if "://" in value and "@" in value:
        scheme, rest = value.split("://", 1)
        return f"{scheme}://****@{rest.split('@', 1)[1]}"
    return value


def main() -> int:
    settings = {**read_ini(Path("config/app.ini")), **read_dotenv(Path(".env"))}
    for key in REQUIRED:
        settings[key] = os.environ.get(key, settings.get(key, ""))
    missing = [k for k in REQUIRED if not settings[k]]
    if missing:
        print(f"missing settings: {', '.join(missing)}", file=sys.stderr)
    width = max(map(len, settings), default=0)
    for key in sorted(settings):
        print(f"{key:<{width}}  {mask(key, settings[key])}")
    if settings.get("APP_PORT") and not settings["APP_PORT"].isdigit():
        print("APP_PORT must be a number", file=sys.stderr)
        return 1
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
