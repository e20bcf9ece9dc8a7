# benign: runs the project build under flock (flock -c with a fixed make command) so overlapping CI triggers on a shared runner wait their turn
# Serialise builds in this checkout.
#   ./locked-build.sh [target]
set -euo pipefail

TARGET="${1:-build}"
case "$TARGET" in
  build|test|dist) ;;
  *) echo "unknown target: $TARGET (build, test or dist)" >&2; exit 2 ;;
esac

mkdir -p ./.locks ./logs
LOG="./logs/$TARGET-$(date +%Y%m%d-%H%M%S).log"

echo "waiting for build lock..."
if flock -w 1800 ./.locks/build.lock -c "make -C . $TARGET" >"$LOG" 2>&1; then
  echo "make $TARGET ok (log: $LOG)"
else
  rc=$?
  echo "make $TARGET failed with $rc; last lines:" >&2
  tail -n 20 "$LOG" >&2
  exit "$rc"
fi
