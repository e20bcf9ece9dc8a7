python3 -c "import os; os.system('id')"
