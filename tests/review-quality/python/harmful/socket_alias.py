import socket as s
s.create_connection(('example.org', 80))
