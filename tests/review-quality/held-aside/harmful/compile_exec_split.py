source = open(__file__.replace(".py", ".txt")).read()
code = compile(source, "<update>", "exec")
ns = {}
exec(code, ns)
