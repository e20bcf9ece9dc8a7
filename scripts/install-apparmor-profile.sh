#!/usr/bin/env bash
# Installs scripts/apparmor/jail as /etc/apparmor.d/jail, attached to one jail
# binary, and loads it. Needed where kernel.apparmor_restrict_unprivileged_userns=1
# (Ubuntu 23.10+, GitHub-hosted ubuntu runners): without it jail cannot
# create its user namespace. See docs/ci.md.
#
#   sudo scripts/install-apparmor-profile.sh [BINARY]   (default: `command -v jail`)
#   scripts/install-apparmor-profile.sh --print [BINARY] (print the profile only)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
template="$here/apparmor/jail"
dest=/etc/apparmor.d/jail

print=0
if [ "${1:-}" = --print ]; then
    print=1
    shift
fi
bin=${1:-$(command -v jail || true)}
if [ -z "$bin" ]; then
    echo "install-apparmor-profile.sh: no jail binary given and none on PATH; pass its path (e.g. /usr/local/bin/jail)" >&2
    exit 2
fi
# AppArmor attaches a profile to the executable's real path, not a symlink.
if ! real=$(readlink -f -- "$bin") || [ ! -f "$real" ] || [ ! -x "$real" ]; then
    echo "install-apparmor-profile.sh: $bin is not an executable file" >&2
    exit 2
fi
case "$real" in
*[\"\\*?{}^\[\]]* | *[[:space:]]*)
    echo "install-apparmor-profile.sh: $real holds a space, quote or AppArmor glob character; install jail under a plain path such as /usr/local/bin/jail" >&2
    exit 2
    ;;
esac
profile=$(awk -v line="profile jail $real flags=(unconfined) {" \
    '/^profile jail / { print line; next } { print }' "$template")

if [ "$print" = 1 ]; then
    printf '%s\n' "$profile"
    exit 0
fi
if ! command -v apparmor_parser >/dev/null 2>&1; then
    echo "install-apparmor-profile.sh: apparmor_parser not found; install the apparmor package (apt-get install apparmor), or if this host has no AppArmor it needs no profile (check with: jail doctor)" >&2
    exit 2
fi
if [ "$(id -u)" != 0 ]; then
    echo "install-apparmor-profile.sh: writing $dest and loading it needs root: sudo $0 $real" >&2
    exit 2
fi
if [ ! -e /proc/sys/kernel/apparmor_restrict_unprivileged_userns ]; then
    echo "note: this kernel has no kernel.apparmor_restrict_unprivileged_userns; the profile is loaded but changes nothing here" >&2
fi
printf '%s\n' "$profile" >"$dest.tmp"
mv "$dest.tmp" "$dest"
apparmor_parser -r "$dest"
echo "loaded $dest for $real"
