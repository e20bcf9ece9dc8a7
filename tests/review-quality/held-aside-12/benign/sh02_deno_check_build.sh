# Benign: Deno project check that runs fmt, lint, type check and tests with read access limited to the project and writes only ./_fresh; every module run is a local file.
set -euo pipefail

command -v deno >/dev/null || { echo "deno is not installed" >&2; exit 1; }
cd "$(git rev-parse --show-toplevel)"

echo "== $(deno --version | head -n 1)"
deno fmt --check
deno lint
deno check main.ts dev.ts

echo "== tests"
deno test --allow-read=. --allow-env=DENO_ENV,PORT tests/

echo "== build"
rm -rf ./_fresh
deno run --allow-read=. --allow-write=./_fresh --allow-env --allow-run=deno dev.ts build

du -sh ./_fresh
echo "ok"
