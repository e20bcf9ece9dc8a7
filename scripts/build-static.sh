#!/usr/bin/env bash
# Builds the release `jail` as a static executable and prints its path.
# Static, because a sandbox's supervisor should not depend on the host's
# dynamic loader and its configuration, and because it starts faster: no
# loader, no libgcc_s, no relocations (docs/decisions/0004).
#
#   scripts/build-static.sh        -> target/<host triple>/release/jail
#
# The functions start-up runs are laid out together, in the order
# scripts/jail.order gives (JAIL_SYMBOL_ORDER names another file; written
# by scripts/order-symbols.py): each 64 KiB of code they touch is a page
# fault (docs/decisions/0017 §20).
set -euo pipefail
cd "$(dirname "$0")/.."
host=$(rustc -vV | sed -n 's/^host: //p')
order=${JAIL_SYMBOL_ORDER:-scripts/jail.order}
# An explicit --target keeps the flags off build scripts and proc macros,
# which must stay dynamic. Packed relative relocations (RELR) make the
# start-up relocation pass of the static PIE cheaper (docs/decisions/0004).
export RUSTFLAGS="-C target-feature=+crt-static -C link-arg=-Wl,-z,pack-relative-relocs"
link_args=()
if [ -s "$order" ]; then
    # Cargo does not watch the file: a copy named by its content relinks
    # the binary when the order changes, and only then.
    sum=$(sha256sum "$order" | cut -c1-16)
    mkdir -p target/symbol-order
    cp "$order" "target/symbol-order/$sum.order"
    # rust-lld (rustc's default linker here) ignores names it does not
    # find: a stale order only loses its effect.
    link_args=(-C "link-arg=-Wl,--symbol-ordering-file=$PWD/target/symbol-order/$sum.order"
        -C link-arg=-Wl,--no-warn-symbol-ordering)
fi
cargo rustc --release -p supervisor --bin jail --target "$host" -- "${link_args[@]}" >&2
echo "$PWD/target/$host/release/jail"
