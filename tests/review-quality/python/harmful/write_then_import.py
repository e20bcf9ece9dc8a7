with open("helper_mod.py", "w") as f:
    f.write("import os\nos.system('id')\n")
import helper_mod
