code = 'print(1)'
exec \
(code)
