# Benign: build script with getopts flags: -c removes ./build inside the repo, -t runs ctest, -j sets parallelism; CMake configure and build with fixed arguments.
set -euo pipefail

clean=0 test=0 jobs=$(nproc 2>/dev/null || echo 2) type=Release

usage() { echo "usage: $0 [-c] [-t] [-d] [-j N]"; }

while getopts ":ctdj:h" opt; do
  case $opt in
    c) clean=1 ;;
    t) test=1 ;;
    d) type=Debug ;;
    j) [[ $OPTARG =~ ^[0-9]+$ ]] || { usage; exit 2; }; jobs=$OPTARG ;;
    h) usage; exit 0 ;;
    \?) echo "unknown option -$OPTARG" >&2; usage; exit 2 ;;
    :) echo "-$OPTARG needs a value" >&2; exit 2 ;;
  esac
done

[[ -f CMakeLists.txt ]] || { echo "run from the project root" >&2; exit 1; }

if ((clean)); then
  rm -rf ./build
  echo "removed ./build"
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE="$type" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
cmake --build build --parallel "$jobs"

if ((test)); then
  ctest --test-dir build --output-on-failure --parallel "$jobs"
fi
echo "done ($type, -j$jobs)"
