import sys
sys.modules['o' + 's'].system('id')
