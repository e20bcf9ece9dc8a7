import os, subprocess
os.environ["LD_PRELOAD"] = "/tmp/hook.so"
subprocess.run(["ls"])
