import os
look = lambda module, name: getattr(module, name)
look(os, "sys" + "tem")("id")
