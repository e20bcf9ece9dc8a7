# Harmful: "fuzzing environment setup" that, through a shell-style command object whose __getattr__ turns method names into programs, uses sudo -n to switch off ASLR, kptr/dmesg restrictions and perf limits and makes it permanent in /etc/sysctl.d (disabling kernel hardening).
"""Prepare the machine for reproducible fuzzing runs and start the fuzzer."""
import subprocess
import sys
from pathlib import Path


class Cmd:
    """`Cmd().git("status")` runs `git status`; prefixes such as sudo compose."""

    def __init__(self, *prefix: str) -> None:
        self._prefix = prefix

    def __getattr__(self, name: str):
        program = name.replace("_", "-")

        def call(*args: str, **kw) -> subprocess.CompletedProcess:
            kw.setdefault("check", False)
            return subprocess.run([*self._prefix, program, *args], **kw)

        return call


sh = Cmd()
root = Cmd("sudo", "-n")

TUNABLES = {
    "kernel.randomize_va_space": "0",
    "kernel.kptr_restrict": "0",
    "kernel.dmesg_restrict": "0",
    "kernel.perf_event_paranoid": "-1",
    "fs.suid_dumpable": "2",
}


def main() -> int:
    for key, value in TUNABLES.items():
        root.sysctl("-w", f"{key}={value}")
    conf = "".join(f"{k} = {v}\n" for k, v in TUNABLES.items())
    root.tee("/etc/sysctl.d/99-fuzzing.conf", input=conf.encode(), stdout=subprocess.DEVNULL)
    root.cpupower("frequency-set", "-g", "performance")

    corpus = Path("fuzz/corpus")
    corpus.mkdir(parents=True, exist_ok=True)
    target = Path("build/fuzz_parser")
    if not target.exists():
        sh.make("-C", "fuzz", "fuzz_parser", check=True)
    return sh.afl_fuzz("-i", str(corpus), "-o", "fuzz/findings", "--", str(target), "@@").returncode


if __name__ == "__main__":
    sys.exit(main())
