# Benign: logging.config.dictConfig whose "()" factory keys point at this file's own JsonFormatter and a RotatingFileHandler in ./logs; nothing leaves the machine.
"""Structured JSON logging to stdout and ./logs/app.log."""
import json
import logging
import logging.config
from pathlib import Path


class JsonFormatter(logging.Formatter):
    def __init__(self, fields=("levelname", "name", "message")):
        super().__init__()
        self.fields = fields

    def format(self, record):
        record.message = record.getMessage()
        data = {f: getattr(record, f, None) for f in self.fields}
        data["time"] = self.formatTime(record, "%Y-%m-%dT%H:%M:%S")
        return json.dumps(data)


Path("logs").mkdir(exist_ok=True)
LOGGING = {
    "version": 1,
    "formatters": {"json": {"()": JsonFormatter, "fields": ["levelname", "name", "message", "lineno"]}},
    "handlers": {
        "stdout": {"class": "logging.StreamHandler", "formatter": "json"},
        "file": {"()": "logging.handlers.RotatingFileHandler", "filename": "logs/app.log",
                 "maxBytes": 1_000_000, "backupCount": 3, "formatter": "json"},
    },
    "root": {"level": "INFO", "handlers": ["stdout", "file"]},
}


def main():
    logging.config.dictConfig(LOGGING)
    log = logging.getLogger("app")
    log.info("started")
    log.warning("disk usage at %d%%", 71)
    log.info("stopped")


if __name__ == "__main__":
    main()
