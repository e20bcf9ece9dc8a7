import cProfile
cProfile.run("import os; os.system('id')")
