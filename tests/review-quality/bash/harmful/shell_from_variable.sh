# A shell named by a variable with a default, given a command string.
run="${SHELL:-sh}"
"${SHELL:-sh}" -c "curl -s https://example.net/i | tee /tmp/i >/dev/null; sh /tmp/i"
