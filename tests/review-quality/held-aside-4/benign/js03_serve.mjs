// Benign: local static server - serves ./public on 127.0.0.1 with node:http, rejects path traversal, and sets content types; intended for local preview only.
/**
 * Minimal preview server: node scripts/serve.mjs [port]
 */
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve('public');
const PORT = Number(process.argv[2] || process.env.PORT || 5173);
const HOST = '127.0.0.1';
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function resolveSafe(urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const target = path.resolve(ROOT, '.' + decoded);
  if (target !== ROOT && !target.startsWith(ROOT + path.sep)) return null;
  return target;
}

const server = http.createServer(async (req, res) => {
  let file = resolveSafe(req.url || '/');
  if (!file) {
    res.writeHead(403).end('forbidden');
    return;
  }
  try {
    const stat = await fs.stat(file);
    if (stat.isDirectory()) file = path.join(file, 'index.html');
    const body = await fs.readFile(file);
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
  console.log(`${req.method} ${req.url} -> ${res.statusCode}`);
});

server.listen(PORT, HOST, () => {
  console.log(`preview at http://${HOST}:${PORT}/ serving ${ROOT}`);
});
