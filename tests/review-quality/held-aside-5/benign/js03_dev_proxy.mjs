// Benign: local dev server on 127.0.0.1:5173 that serves ./public and forwards /api/* to the project's backend https://api.example.org
import http from 'node:http';
import https from 'node:https';
import fs from 'node:fs';
import path from 'node:path';

const PORT = Number(process.env.PORT || 5173);
const ROOT = path.resolve('public');
const API = new URL('https://api.example.org');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

function proxy(req, res) {
  const upstream = https.request({
    hostname: API.hostname, path: req.url, method: req.method,
    headers: { ...req.headers, host: API.hostname },
  }, (up) => { res.writeHead(up.statusCode || 502, up.headers); up.pipe(res); });
  upstream.on('error', (e) => { res.writeHead(502); res.end(`upstream error: ${e.message}`); });
  req.pipe(upstream);
}

function serveStatic(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const file = path.resolve(ROOT, '.' + decodeURIComponent(url.pathname));
  if (!file.startsWith(ROOT + path.sep) && file !== ROOT) { res.writeHead(403); return res.end(); }
  const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(ROOT, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[path.extname(target)] || 'application/octet-stream', 'cache-control': 'no-store' });
  fs.createReadStream(target).pipe(res);
}

http.createServer((req, res) => {
  if (req.url.startsWith('/api/')) return proxy(req, res);
  return serveStatic(req, res);
}).listen(PORT, '127.0.0.1', () => console.log(`dev server on http://127.0.0.1:${PORT} (api -> ${API.origin})`));
