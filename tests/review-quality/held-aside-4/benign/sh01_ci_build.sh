# Benign: CI build - removes ./build, configures and builds the CMake project in ./build, and runs ctest; strict mode, everything inside the checkout.
#
# ci_build.sh [Debug|Release]
#
set -euo pipefail

BUILD_TYPE="${1:-Release}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$ROOT/build"
JOBS="$(nproc 2>/dev/null || echo 2)"

case "$BUILD_TYPE" in
  Debug|Release|RelWithDebInfo) ;;
  *) echo "unknown build type: $BUILD_TYPE" >&2; exit 2 ;;
esac

if [ ! -f "$ROOT/CMakeLists.txt" ]; then
  echo "CMakeLists.txt not found in $ROOT" >&2
  exit 2
fi

echo "==> cleaning $BUILD_DIR"
rm -rf -- "$BUILD_DIR"
mkdir -p -- "$BUILD_DIR"

echo "==> configuring ($BUILD_TYPE)"
cmake -S "$ROOT" -B "$BUILD_DIR" \
  -DCMAKE_BUILD_TYPE="$BUILD_TYPE" \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DBUILD_TESTING=ON

echo "==> building with $JOBS jobs"
cmake --build "$BUILD_DIR" --parallel "$JOBS"

echo "==> testing"
ctest --test-dir "$BUILD_DIR" --output-on-failure --parallel "$JOBS"

echo "==> done: artefacts in $BUILD_DIR"
