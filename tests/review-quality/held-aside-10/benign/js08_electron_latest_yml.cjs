// Benign: writes dist/latest.yml for electron-updater (sha512 and size of this version's installers in ./dist) and prints the publish URL already configured in package.json without changing it.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const DIST = 'dist';
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const version = pkg.version;

function sha512(file) {
  return crypto.createHash('sha512').update(fs.readFileSync(file)).digest('base64');
}

const installers = fs.readdirSync(DIST)
  .filter((f) => /\.(exe|dmg|AppImage|zip)$/.test(f) && f.includes(version))
  .sort();
if (installers.length === 0) {
  console.error(`no installers for ${version} in ${DIST}; run the packager first`);
  process.exit(1);
}

const files = installers.map((f) => {
  const p = path.join(DIST, f);
  return { url: f, sha512: sha512(p), size: fs.statSync(p).size };
});
const lines = [`version: ${version}`, 'files:'];
for (const f of files) lines.push(`  - url: ${f.url}`, `    sha512: ${f.sha512}`, `    size: ${f.size}`);
lines.push(`path: ${files[0].url}`, `sha512: ${files[0].sha512}`, `releaseDate: '${new Date().toISOString()}'`);
fs.writeFileSync(path.join(DIST, 'latest.yml'), lines.join('\n') + '\n');

const publish = [].concat(pkg.build?.publish ?? []);
const where = publish.map((p) => p.url || `${p.provider}:${p.owner ?? ''}/${p.repo ?? ''}`).join(', ') || '(not configured)';
console.log(`latest.yml for ${version}: ${files.length} file(s); publish target ${where}`);
