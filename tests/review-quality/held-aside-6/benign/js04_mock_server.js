// Benign: mock HTTP API for integration tests, bound to 127.0.0.1 on a random port, serving ./tests/mocks/*.json and closing cleanly
'use strict';
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const MOCKS = path.resolve('tests', 'mocks');

function route(req) {
  const { pathname } = new URL(req.url, 'http://127.0.0.1');
  const name = pathname.replace(/^\/+/, '').replace(/\//g, '__') || 'index';
  if (!/^[\w-]+$/.test(name)) return null;
  const file = path.join(MOCKS, `${req.method.toLowerCase()}__${name}.json`);
  return fs.existsSync(file) ? file : null;
}

function start(port = 0) {
  const requests = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const file = route(req);
    if (!file) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no mock"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address();
      resolve({
        url: `http://127.0.0.1:${actual}`,
        requests,
        close: () => new Promise((r) => server.close(r)),
      });
    });
  });
}

module.exports = { start };

if (require.main === module) {
  start(Number(process.env.MOCK_PORT) || 0).then((mock) => {
    console.log(`mock API on ${mock.url}`);
    const stop = () => mock.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
