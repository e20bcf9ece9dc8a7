# Serves ./site on the loopback address for a local preview.
import functools
import http.server

handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory="site")
with http.server.ThreadingHTTPServer(("127.0.0.1", 8080), handler) as server:
    print("preview at http://127.0.0.1:8080/")
    server.serve_forever()
