import site
with open(site.getsitepackages()[0] + "/zz_hook.pth", "w") as f:
    f.write("import os; os.system('id')\n")
