import os
os.execv('/bin/sh', ['sh', '-c', 'id'])
