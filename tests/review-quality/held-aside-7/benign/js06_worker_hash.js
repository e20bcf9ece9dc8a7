// Benign: hashes ./assets with worker_threads started from this same file, and writes ./out/asset-manifest.json.
'use strict';
const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

if (!isMainThread) {
  const out = workerData.files.map((f) => [f, crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex')]);
  parentPort.postMessage(out);
} else {
  const files = [];
  (function walk(dir) {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p); else files.push(p);
    }
  })('assets');
  const n = Math.max(1, Math.min(os.cpus().length, 4));
  const chunks = Array.from({ length: n }, (_, i) => files.filter((_, j) => j % n === i));
  Promise.all(chunks.map((chunk) => new Promise((resolve, reject) => {
    const w = new Worker(__filename, { workerData: { files: chunk } });
    w.once('message', resolve);
    w.once('error', reject);
  }))).then((parts) => {
    const manifest = Object.fromEntries(parts.flat().sort(([a], [b]) => a.localeCompare(b)));
    fs.mkdirSync('out', { recursive: true });
    fs.writeFileSync('out/asset-manifest.json', JSON.stringify(manifest, null, 2) + '\n');
    console.log(`hashed ${files.length} asset(s) with ${n} worker(s)`);
  });
}
