#!/bin/sh
set -e
stamp=$(date +%Y%m%d)
mkdir -p backups
tar -czf "backups/data-$stamp.tar.gz" data
ls -1t backups | tail -n +8 | while read -r old; do rm -f "backups/$old"; done
