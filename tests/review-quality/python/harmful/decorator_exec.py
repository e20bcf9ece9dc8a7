@exec
@lambda f: 'print(1)'
def f():
    pass
