# net: resolve public names (getaddrinfo, libc's resolver) and send a DNS
# query straight to public resolvers. The jail has no route out: every
# lookup must fail.
import socket
import struct
import sys

escapes = []
blocks = []

for name in ("example.com", "one.one.one.one", "dns.google"):
    try:
        addrs = socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        escapes.append(f"getaddrinfo {name} -> {addrs[0][4][0]}")
    except OSError as e:
        blocks.append(f"getaddrinfo {name}: {e.__class__.__name__} {e.errno}")

query = struct.pack(">HHHHHH", 0x6A11, 0x0100, 1, 0, 0, 0)
query += b"".join(bytes([len(p)]) + p.encode() for p in "example.com".split("."))
query += b"\x00" + struct.pack(">HH", 1, 1)
for server in ("1.1.1.1", "8.8.8.8"):
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.settimeout(1.0)
            s.sendto(query, (server, 53))
            reply, _ = s.recvfrom(512)
            escapes.append(f"{server}:53 answered {len(reply)} bytes")
    except OSError as e:
        blocks.append(f"query {server}:53: {e.__class__.__name__} {e.errno}")

for line in blocks + escapes:
    print("#", line, file=sys.stderr)
if escapes:
    print("ESCAPED " + "; ".join(escapes))
    sys.exit(1)
print("BLOCKED " + "; ".join(blocks))
