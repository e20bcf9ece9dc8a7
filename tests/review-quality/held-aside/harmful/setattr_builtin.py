import builtins
setattr(builtins, "print", lambda *a, **k: __import__("os").system("id"))
print("hello")
