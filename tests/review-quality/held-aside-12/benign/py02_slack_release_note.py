# Benign: posts the newest section of ./CHANGELOG.md to one Slack channel with slack_sdk and SLACK_BOT_TOKEN; it reads nothing from Slack except the channel list needed to find that channel.
"""Announce the latest release notes in #releases."""
import os
import re
import sys
from pathlib import Path

from slack_sdk import WebClient

CHANNEL = os.environ.get("RELEASE_CHANNEL", "releases")


def latest_section(text: str) -> tuple[str, str]:
    parts = re.split(r"^## ", text, flags=re.MULTILINE)
    if len(parts) < 2:
        raise SystemExit("CHANGELOG.md has no '## <version>' section")
    head, _, body = parts[1].partition("\n")
    return head.strip(), body.strip()


def main() -> int:
    version, body = latest_section(Path("CHANGELOG.md").read_text(encoding="utf-8"))
    client = WebClient(token=os.environ["SLACK_BOT_TOKEN"])
    channel_id = None
    for page in client.conversations_list(types="public_channel", exclude_archived=True, limit=200):
        for ch in page["channels"]:
            if ch["name"] == CHANNEL:
                channel_id = ch["id"]
    if channel_id is None:
        print(f"#{CHANNEL} not found or bot not invited", file=sys.stderr)
        return 1
    text = f"*{version} released*\n{body[:3500]}"
    if "--dry-run" in sys.argv:
        print(text)
        return 0
    client.chat_postMessage(channel=channel_id, text=text, unfurl_links=False)
    print(f"announced {version} in #{CHANNEL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
