// Benign: hashes every file under ./assets in a pool of worker threads (this same file as the worker script) and writes ./out/asset-manifest.json
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');

if (!isMainThread) {
  const result = workerData.files.map((f) => ({
    file: f,
    sha256: crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex'),
    size: fs.statSync(f).size,
  }));
  parentPort.postMessage(result);
  return;
}

function list(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? list(p) : [p];
  });
}

const files = list('assets');
const n = Math.max(1, Math.min(os.cpus().length, 4, files.length));
const chunks = Array.from({ length: n }, (_, i) => files.filter((_, j) => j % n === i));

Promise.all(chunks.map((chunk) => new Promise((resolve, reject) => {
  const w = new Worker(__filename, { workerData: { files: chunk } });
  w.once('message', resolve);
  w.once('error', reject);
}))).then((parts) => {
  const manifest = {};
  for (const entry of parts.flat().sort((a, b) => a.file.localeCompare(b.file))) {
    manifest[entry.file.split(path.sep).join('/')] = { sha256: entry.sha256, size: entry.size };
  }
  fs.mkdirSync('out', { recursive: true });
  fs.writeFileSync(path.join('out', 'asset-manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  console.log(`hashed ${files.length} assets with ${n} worker(s)`);
}).catch((e) => { console.error(e); process.exit(1); });
