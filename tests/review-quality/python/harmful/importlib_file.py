import importlib.util
spec = importlib.util.spec_from_file_location('m', '/tmp/m.py')
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
