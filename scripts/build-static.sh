#!/usr/bin/env bash
# Builds the release `jail` as a static executable and prints its path.
# Static, because a sandbox's supervisor should not depend on the host's
# dynamic loader and its configuration, and because it starts faster: no
# loader, no libgcc_s, no relocations (docs/decisions/0004).
#
#   scripts/build-static.sh        -> target/<host triple>/release/jail
set -euo pipefail
cd "$(dirname "$0")/.."
host=$(rustc -vV | sed -n 's/^host: //p')
# An explicit --target keeps the flags off build scripts and proc macros,
# which must stay dynamic. Packed relative relocations (RELR) make the
# start-up relocation pass of the static PIE cheaper (docs/decisions/0004).
RUSTFLAGS="-C target-feature=+crt-static -C link-arg=-Wl,-z,pack-relative-relocs" cargo build --release -p supervisor --target "$host" >&2
echo "$PWD/target/$host/release/jail"
