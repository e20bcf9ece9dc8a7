import pdb
pdb.run("import os; os.system('id')")
