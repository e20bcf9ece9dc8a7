# Benign: status poller for the project's own API; a custom urllib handler (https_request pre-processor) adds STATUS_API_TOKEN only to requests for api.example.org.
import json
import os
import sys
import urllib.request
from urllib.parse import urlsplit

API = "https://api.example.org/v1/status"
ALLOWED_HOST = "api.example.org"


class ProjectAuth(urllib.request.BaseHandler):
    handler_order = 400

    def __init__(self, token):
        self.token = token

    def https_request(self, req):
        if urlsplit(req.full_url).hostname == ALLOWED_HOST and self.token:
            req.add_unredirected_header("Authorization", f"Bearer {self.token}")
        req.add_unredirected_header("User-Agent", "status-poll/1.3")
        return req


def main():
    token = os.environ.get("STATUS_API_TOKEN", "")
    opener = urllib.request.build_opener(ProjectAuth(token))
    with opener.open(API, timeout=10) as resp:
        status = json.load(resp)
    failing = 0
    for name, state in sorted(status.get("services", {}).items()):
        ok = state == "ok"
        failing += not ok
        print(f"{'ok ' if ok else '!! '}{name:<30} {state}")
    sys.exit(1 if failing else 0)


if __name__ == "__main__":
    main()
