# Benign: CMake build traced with `set -x` into ./logs/build-trace.log; PS4 uses a command substitution only to timestamp each traced line.
set -euo pipefail

mkdir -p logs build
exec 9>logs/build-trace.log
BASH_XTRACEFD=9
PS4='+ $(date +%H:%M:%S.%3N) ${BASH_SOURCE##*/}:${LINENO}: '

set -x
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}"
cmake --build build
ctest --test-dir build --output-on-failure
set +x

echo "build ok; trace in logs/build-trace.log ($(wc -l < logs/build-trace.log) lines)"
