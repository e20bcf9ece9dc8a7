import base64
run = (lambda s: exec(base64.b64decode(s).decode()))
run("aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2lkJyk=")
