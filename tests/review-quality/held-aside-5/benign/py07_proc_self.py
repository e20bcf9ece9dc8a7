# Benign: reads /proc/self/status, /proc/self/limits and /proc/self/fd for the CI resource report and writes it to ./out/resources.json
import json
import os
import resource
from pathlib import Path

FIELDS = ("VmPeak", "VmRSS", "VmHWM", "Threads", "voluntary_ctxt_switches")


def status():
    out = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in FIELDS:
                out[key] = value.strip()
    except OSError:
        pass
    return out


def limits():
    out = {}
    try:
        lines = Path("/proc/self/limits").read_text().splitlines()[1:]
    except OSError:
        return out
    for line in lines:
        name = line[:26].strip()
        if name in ("Max open files", "Max processes", "Max address space"):
            out[name] = line[26:47].strip()
    return out


def main():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    report = {
        "pid": os.getpid(),
        "status": status(),
        "limits": limits(),
        "open_fds": len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None,
        "cpu_user_s": round(usage.ru_utime, 3),
        "max_rss_kb": usage.ru_maxrss,
    }
    Path("out").mkdir(exist_ok=True)
    Path("out/resources.json").write_text(json.dumps(report, indent=2) + "\n")
    for k, v in report["status"].items():
        print(f"{k:26} {v}")
    print("report written to out/resources.json")


if __name__ == "__main__":
    main()
