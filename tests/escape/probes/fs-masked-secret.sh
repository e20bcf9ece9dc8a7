# fs: read secrets that sit inside the bound project: the harness puts .env,
# .ssh/id_rsa and .aws/credentials into the current directory (bound
# read-only); they must be masked. Also looks for them with find.
escapes=""
blocks=""
for f in .env .ssh/id_rsa .aws/credentials; do
    if content=$(cat "$f" 2>&1); then
        if [ -n "$content" ]; then
            escapes="$escapes; read $f: $(printf %s "$content" | head -c 60)"
        else
            blocks="$blocks; $f: empty"
        fi
    else
        blocks="$blocks; $f: ${content##*: }"
    fi
done
found=$(find . -type f -size +0 2>/dev/null | xargs cat 2>/dev/null | head -c 200)
if [ -n "$found" ]; then
    escapes="$escapes; find+cat: $(printf %s "$found" | tr '\n' ' ' | head -c 60)"
fi
if [ -n "$escapes" ]; then
    echo "ESCAPED ${escapes#; }"
    exit 1
fi
echo "BLOCKED ${blocks#; }"
