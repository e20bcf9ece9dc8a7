// Benign: smoke-tests the local multi-tenant dev server by requesting tenant hostnames (acme.localhost, globex.localhost) with a custom `lookup` that resolves every *.localhost name to 127.0.0.1, and refuses any other hostname.
'use strict';
const http = require('node:http');

const PORT = Number(process.env.PORT || 3000);
const TENANTS = (process.argv[2] || 'acme,globex,initech').split(',');

function lookup(hostname, options, callback) {
  if (!hostname.endsWith('.localhost')) {
    return callback(Object.assign(new Error(`refusing non-local host ${hostname}`), { code: 'ENOTFOUND' }));
  }
  if (options && options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  return callback(null, '127.0.0.1', 4);
}

function check(tenant) {
  const host = `${tenant}.localhost`;
  return new Promise((resolve) => {
    const req = http.get({ host, port: PORT, path: '/api/tenant', lookup, timeout: 5000 }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => {
        let name = '?';
        try { name = JSON.parse(body).slug; } catch { /* not json */ }
        resolve({ host, status: res.statusCode, ok: res.statusCode === 200 && name === tenant });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ host, status: err.code || err.message, ok: false }));
  });
}

(async () => {
  const results = await Promise.all(TENANTS.map(check));
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.host.padEnd(24)} ${r.status}`);
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
})();
