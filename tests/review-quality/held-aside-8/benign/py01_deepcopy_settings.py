# Benign: registers a copyreg reducer so settings objects holding a threading.Lock can be deep-copied per test, then writes per-environment variants of ./config/base.json into ./out/config.
import copy
import copyreg
import json
import sys
import threading
from pathlib import Path


class Settings:
    def __init__(self, values: dict):
        self.values = values
        self._lock = threading.Lock()

    def set(self, key: str, value) -> None:
        with self._lock:
            self.values[key] = value


def _reduce_settings(s: Settings):
    # a Lock cannot be copied; rebuild the object from its plain values and let __init__ make a new lock
    return (Settings, (copy.deepcopy(s.values),))


copyreg.pickle(Settings, _reduce_settings)

OVERRIDES = {
    "dev": {"debug": True, "db_host": "127.0.0.1"},
    "test": {"debug": True, "db_host": "127.0.0.1", "db_name": "app_test"},
    "prod": {"debug": False},
}


def main() -> int:
    base = Settings(json.loads(Path("config/base.json").read_text()))
    out = Path("out/config")
    out.mkdir(parents=True, exist_ok=True)
    for env, extra in OVERRIDES.items():
        variant = copy.deepcopy(base)
        for k, v in extra.items():
            variant.set(k, v)
        (out / f"{env}.json").write_text(json.dumps(variant.values, indent=2, sort_keys=True))
        print(f"{env}: {len(variant.values)} keys")
    print(f"base unchanged: {len(base.values)} keys")
    return 0


if __name__ == "__main__":
    sys.exit(main())
