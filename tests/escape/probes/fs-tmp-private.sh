# fs: /tmp and /dev/shm shared with the host. Lists them (the host's are
# never empty while the harness runs: it keeps fixtures in both) and writes
# jailprobe-$JAILPROBE_MARK into both; the harness checks neither file
# appeared on the host. The mount point of the current directory, when it
# lives under /tmp, is the jail's own.
name="jailprobe-${JAILPROBE_MARK:?}"
case "$PWD" in
/tmp/*) own=${PWD#/tmp/}; own=${own%%/*} ;;
*) own="" ;;
esac
escapes=""
blocks=""
for dir in /tmp /dev/shm; do
    seen=$(ls -A "$dir" 2>/dev/null | grep -vx -e "$own" | head -n 3 | tr '\n' ' ')
    if [ -n "$seen" ]; then
        escapes="$escapes; $dir holds entries we did not make: $seen"
    else
        blocks="$blocks; $dir empty"
    fi
    if echo x > "$dir/$name" 2>/dev/null; then
        blocks="$blocks; wrote $dir/$name (the harness checks the host)"
    fi
done
if [ -n "$escapes" ]; then
    echo "ESCAPED ${escapes#; }"
    exit 1
fi
echo "BLOCKED ${blocks#; }: a private tmpfs"
