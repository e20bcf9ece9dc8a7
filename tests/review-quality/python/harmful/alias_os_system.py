import os as o
o.system('id')
