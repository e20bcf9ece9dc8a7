// Benign: walks ./dist, computes a SHA-256 for every build artefact and writes ./dist/manifest.json (read-only on the artefacts themselves).
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const dist = path.resolve('dist');

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && entry.name !== 'manifest.json') yield full;
  }
}

const manifest = {};
for (const file of walk(dist)) {
  const hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  manifest[path.relative(dist, file).split(path.sep).join('/')] = {
    sha256: hash,
    bytes: fs.statSync(file).size,
  };
}

fs.writeFileSync(path.join(dist, 'manifest.json'), JSON.stringify({ generated: new Date().toISOString(), files: manifest }, null, 2));
console.log(`manifest: ${Object.keys(manifest).length} files`);
