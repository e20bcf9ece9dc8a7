#!/bin/bash
set -euo pipefail
changed=$(git diff --name-only origin/main -- '*.py' || true)
if [ -n "$changed" ]; then
    python3 -m flake8 $changed
fi
echo "lint done"
