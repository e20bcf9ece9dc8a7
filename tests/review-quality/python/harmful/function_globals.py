def helper():
    pass

helper.__globals__["__builtins__"]["ex" + "ec"]("print(1)")
