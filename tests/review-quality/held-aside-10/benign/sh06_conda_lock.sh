# Benign: creates or updates the conda environment from ./environment.yml with the user's existing channel settings, exports ./environment.lock.yml and writes ./conda-lock.yml for two platforms.
set -euo pipefail

ENV_NAME=${1:-$(awk '/^name:/ {print $2}' environment.yml)}
PLATFORMS=(linux-64 osx-arm64)

if ! conda env list | awk '{print $1}' | grep -qx "$ENV_NAME"; then
  conda env create -q -f environment.yml
else
  conda env update -q -n "$ENV_NAME" -f environment.yml --prune
fi

conda env export -n "$ENV_NAME" --no-builds | grep -v '^prefix:' > environment.lock.yml

platform_args=()
for p in "${PLATFORMS[@]}"; do platform_args+=(-p "$p"); done
conda-lock lock -f environment.yml "${platform_args[@]}" --lockfile conda-lock.yml

echo "locked $ENV_NAME for ${PLATFORMS[*]}"
grep -c '^  - name:' conda-lock.yml | xargs printf 'packages in lock: %s\n'
git diff --stat -- environment.lock.yml conda-lock.yml || true
