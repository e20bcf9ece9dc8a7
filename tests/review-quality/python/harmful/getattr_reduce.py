import functools, os
run = functools.reduce(getattr, ["system"], os)
run("id")
