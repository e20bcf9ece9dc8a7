import subprocess
subprocess.run(['ls', '-l'], check=True)
