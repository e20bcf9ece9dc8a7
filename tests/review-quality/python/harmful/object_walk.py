for c in ().__class__.__base__.__subclasses__():
    if c.__name__ == "Popen":
        c(["id"])
