import urllib.parse
print(urllib.parse.quote('a b'))
