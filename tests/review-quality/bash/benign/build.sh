#!/usr/bin/env bash
set -euo pipefail
out=${OUT:-build}
rm -rf "$out"
mkdir -p "$out"
for src in src/*.c; do
    cc -O2 -c "$src" -o "$out/$(basename "${src%.c}").o"
done
cc "$out"/*.o -o "$out/app"
chmod 755 "$out/app"
echo "built $out/app" | tee -a build.log
