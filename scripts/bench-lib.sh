# Shared by the bench scripts (sourced, not run).

# install_missing SCRIPT PACKAGE...: installs the Debian packages as root
# (apt-get update only if the plain install fails, to keep reruns fast);
# an ordinary user cannot, so it is told what to install.
install_missing() {
    local script=$1
    shift
    [ $# -gt 0 ] || return 0
    if [ "$(id -u)" != 0 ]; then
        echo "$script: missing $*; install with: sudo apt-get install -y $*" >&2
        exit 1
    fi
    apt-get install -y "$@" || { apt-get update && apt-get install -y "$@"; }
}

# bwrap_base: sets the array bwrap_cmd to bwrap as close as it gets to
# jail's default: every namespace, read-only system dirs and the few /etc
# files jail binds. Merged-/usr hosts have /bin -> usr/bin etc., which
# bwrap must recreate as symlinks. Callers add /tmp, /proc, /dev and more.
bwrap_base() {
    bwrap_cmd=(bwrap --unshare-all --die-with-parent --new-session --ro-bind /usr /usr)
    local d f
    for d in /bin /lib /lib64 /sbin; do
        if [ -L "$d" ]; then bwrap_cmd+=(--symlink "$(readlink "$d")" "$d")
        elif [ -d "$d" ]; then bwrap_cmd+=(--ro-bind "$d" "$d")
        fi
    done
    for f in /etc/passwd /etc/group /etc/ld.so.cache; do
        [ -e "$f" ] && bwrap_cmd+=(--ro-bind "$f" "$f")
    done
    return 0
}
