import subprocess, base64
subprocess.run(['python3', '-c', base64.b64decode('cHJpbnQoMSk=').decode()])
