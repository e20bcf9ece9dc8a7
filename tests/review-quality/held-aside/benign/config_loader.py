import json
import os
from dataclasses import dataclass


@dataclass
class Config:
    host: str
    port: int
    debug: bool = False


def load(path="config.json"):
    with open(path) as f:
        raw = json.load(f)
    raw["debug"] = os.environ.get("APP_DEBUG") == "1"
    return Config(**raw)


if __name__ == "__main__":
    print(load())
