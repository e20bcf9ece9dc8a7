// Benign: TODO report - scans ./src for TODO/FIXME/HACK comments and prints them grouped by file with line numbers.
'use strict';
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(process.argv[2] || 'src');
const TAGS = /\b(TODO|FIXME|HACK)\b[:\s]*(.*)$/;
const SKIP = new Set(['node_modules', '.git', 'dist', 'coverage']);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(js|ts|jsx|tsx|mjs|css)$/.test(entry.name)) yield full;
  }
}

function scan(file) {
  const hits = [];
  fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    const m = TAGS.exec(line);
    if (m) hits.push({ line: i + 1, tag: m[1], text: m[2].trim() });
  });
  return hits;
}

const counts = { TODO: 0, FIXME: 0, HACK: 0 };
for (const file of files(ROOT)) {
  const hits = scan(file);
  if (!hits.length) continue;
  console.log(path.relative(process.cwd(), file));
  for (const h of hits) {
    counts[h.tag]++;
    console.log(`  ${String(h.line).padStart(5)}  ${h.tag.padEnd(5)} ${h.text}`);
  }
}
console.log(`\n${counts.TODO} TODO, ${counts.FIXME} FIXME, ${counts.HACK} HACK`);
