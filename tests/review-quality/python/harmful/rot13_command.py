import subprocess, codecs
subprocess.run(codecs.decode("vq", "rot13"))
