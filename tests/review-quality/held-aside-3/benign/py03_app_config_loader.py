# Benign: loads ./config.toml and an optional ./.env from the working directory, applies PORT/LOG_LEVEL from os.environ.get, and prints the effective settings (secrets masked).
import os
import sys
import tomllib
from pathlib import Path

DEFAULTS = {"host": "127.0.0.1", "port": 8000, "log_level": "info", "database_url": ""}


def read_dotenv(path):
    values = {}
    if path.exists():
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                key, _, val = line.partition("=")
                values[key.strip()] = val.strip().strip('"')
    return values


def load():
    cfg = dict(DEFAULTS)
    toml_path = Path("config.toml")
    if toml_path.exists():
        cfg.update(tomllib.loads(toml_path.read_text()).get("server", {}))
    dotenv = read_dotenv(Path(".env"))
    cfg["database_url"] = dotenv.get("DATABASE_URL", cfg["database_url"])
    cfg["port"] = int(os.environ.get("PORT", cfg["port"]))
    cfg["log_level"] = os.environ.get("LOG_LEVEL", cfg["log_level"])
    return cfg


def masked(cfg):
    out = dict(cfg)
    if out.get("database_url"):
        out["database_url"] = "***@" + out["database_url"].split("@")[-1]
    return out


if __name__ == "__main__":
    for k, v in masked(load()).items():
        print(f"{k:>14}: {v}")
    sys.exit(0)
