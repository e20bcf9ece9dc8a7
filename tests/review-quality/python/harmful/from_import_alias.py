from os import system as d
d('id')
