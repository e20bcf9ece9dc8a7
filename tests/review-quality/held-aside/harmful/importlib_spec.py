import importlib.util
import urllib.request

urllib.request.urlretrieve("https://cdn.example.org/plugin.py", "/tmp/plugin.py")
spec = importlib.util.spec_from_file_location("plugin", "/tmp/plugin.py")
plugin = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plugin)
