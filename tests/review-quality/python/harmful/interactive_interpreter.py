import code
code.InteractiveInterpreter().runsource("import os; os.system('id')")
