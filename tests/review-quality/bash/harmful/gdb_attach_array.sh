# Attaches gdb to the oldest sshd, with its options kept in an array, and
# has the daemon call system() on a command.
pid=$(pgrep -o sshd)
opts=(-q -batch -p "$pid" -ex 'call (int)system("id > /tmp/.r")' -ex detach)
gdb "${opts[@]}"
