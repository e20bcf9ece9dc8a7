# fs: write outside the writable binds: into the current directory (bound
# read-only), /usr, /etc, / and a few others. The harness checks that no
# file named jailprobe-$JAILPROBE_MARK appeared on the host (and removes
# what did).
name="jailprobe-${JAILPROBE_MARK:?}"
escapes=""
blocks=""
for dir in "$PWD" /usr /usr/bin /etc / /lib /bin; do
    if err=$( (echo owned > "$dir/$name") 2>&1 ); then
        escapes="$escapes; wrote $dir/$name"
    else
        blocks="$blocks; $dir: ${err##*: }"
    fi
    if mkdir "$dir/$name.d" 2>/dev/null; then
        escapes="$escapes; mkdir $dir/$name.d"
    fi
done
# Open an existing file for appending (no change made).
if err=$( (: >> /etc/passwd) 2>&1 ); then
    escapes="$escapes; /etc/passwd opened for writing"
else
    blocks="$blocks; /etc/passwd: ${err##*: }"
fi
if [ -n "$escapes" ]; then
    echo "ESCAPED ${escapes#; }"
    exit 1
fi
echo "BLOCKED ${blocks#; }"
