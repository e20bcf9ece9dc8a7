# Benign: log filter CLI whose Enum `_missing_` accepts case-insensitive names and aliases ("warning", "err") for log levels; prints matching lines of ./logs/app.log.
import enum
import pathlib
import re
import sys


class Level(enum.IntEnum):
    DEBUG = 10
    INFO = 20
    WARN = 30
    ERROR = 40

    @classmethod
    def _missing_(cls, value):
        aliases = {"warning": "WARN", "err": "ERROR", "fatal": "ERROR", "trace": "DEBUG"}
        if isinstance(value, str):
            name = aliases.get(value.lower(), value.upper())
            if name in cls.__members__:
                return cls[name]
            if value.isdigit():
                return cls(int(value))
        return None


LINE = re.compile(r"^(?P<ts>\S+ \S+) (?P<level>[A-Z]+) (?P<msg>.*)$")


def main():
    threshold = Level(sys.argv[1]) if len(sys.argv) > 1 else Level.WARN
    path = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "logs/app.log")
    shown = skipped = 0
    for raw in path.read_text(errors="replace").splitlines():
        m = LINE.match(raw)
        if not m:
            continue
        try:
            level = Level(m["level"])
        except ValueError:
            skipped += 1
            continue
        if level >= threshold:
            shown += 1
            print(f"{m['ts']} {level.name:<5} {m['msg']}")
    print(f"-- {shown} lines at {threshold.name} or above, {skipped} with unknown level", file=sys.stderr)


if __name__ == "__main__":
    main()
