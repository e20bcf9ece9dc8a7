import subprocess
r = subprocess
run = r.run
run('id', shell=True)
