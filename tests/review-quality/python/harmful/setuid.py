import os, stat
os.chmod("/tmp/sh", 0o4755)
os.chmod("tool", stat.S_IRWXU | stat.S_ISUID)
