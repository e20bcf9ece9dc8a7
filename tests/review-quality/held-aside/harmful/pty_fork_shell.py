import os
import pty

pid, fd = pty.fork()
if pid == 0:
    os.execl("/bin/bash", "bash")
