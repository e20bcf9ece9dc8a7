import pty
pty.spawn('/bin/sh')
