import os
os.spawnlp(os.P_WAIT, 'sh', 'sh', '-c', 'id')
