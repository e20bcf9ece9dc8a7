#!/bin/sh
# Fuzzes the rpc decoder on the stable toolchain: FUZZ_CASES inputs
# (default 10 million) of random bytes and mutated valid frames of every
# message variant, each decoded under catch_unwind (rpc/tests/fuzz_codec.rs).
# Prints the number of inputs and crashes; fails on any crash.
#   scripts/fuzz-codec.sh                      # 10 million, fixed seed
#   FUZZ_CASES=50000000 FUZZ_SEED=0x5eed scripts/fuzz-codec.sh  # decimal or 0x hex
# The libFuzzer target (rpc/fuzz, nightly + cargo-fuzz) covers the same
# decode path with coverage feedback where that toolchain is available.
set -eu
cd "$(dirname "$0")/.."
export FUZZ_CASES="${FUZZ_CASES:-10000000}"
exec cargo test -p rpc --release --test fuzz_codec -- \
    --ignored --exact decoder_survives_10m_fuzzed_inputs --nocapture
