mod = __import__("".join(reversed("ssecorpbus")))
mod.run(["id"])
