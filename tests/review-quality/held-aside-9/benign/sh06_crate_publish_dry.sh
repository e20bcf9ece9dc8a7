# Benign: pre-release checks for a Rust crate (fmt, clippy, tests, docs) and `cargo publish --dry-run`, after removing only ./target/package; publishes nothing.
set -euo pipefail

[ -f Cargo.toml ] || { echo "run from the crate root" >&2; exit 1; }
name=$(sed -n 's/^name = "\(.*\)"/\1/p' Cargo.toml | head -n1)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n1)
echo "checking $name $version"

if [ -n "$(git status --porcelain)" ]; then
  echo "warning: uncommitted changes will not be in the published crate" >&2
fi

if grep -q '^\[patch\.' Cargo.toml; then
  echo "Cargo.toml has a [patch] section; crates.io ignores it, remove it before release" >&2
  exit 1
fi

rm -rf ./target/package

cargo fmt --all -- --check
cargo clippy --all-targets --all-features -- -D warnings
cargo test --all-features --quiet
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet

cargo publish --dry-run --quiet
crate="./target/package/$name-$version.crate"
if [ -f "$crate" ]; then
  echo "packaged $(tar -tzf "$crate" | wc -l) files, $(du -h "$crate" | cut -f1)"
fi

if git rev-parse -q --verify "refs/tags/v$version" >/dev/null; then
  echo "note: tag v$version already exists; bump the version before publishing" >&2
fi
echo "dry run OK; publish with: cargo publish"
