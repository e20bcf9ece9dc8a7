// Benign: ordinary docs helper - rebuilds the table of contents between marker comments in ./docs/*.md
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const START = '<!-- toc -->';
const END = '<!-- tocstop -->';

function slug(text) {
  return text.toLowerCase().replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-');
}

function toc(markdown) {
  const lines = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    if (inFence) continue;
    const m = /^(#{2,4})\s+(.+)$/.exec(line);
    if (m) lines.push(`${'  '.repeat(m[1].length - 2)}- [${m[2]}](#${slug(m[2])})`);
  }
  return lines.join('\n');
}

function update(file) {
  const text = fs.readFileSync(file, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a === -1 || b === -1 || b < a) return false;
  const next = `${text.slice(0, a + START.length)}\n${toc(text)}\n${text.slice(b)}`;
  if (next === text) return false;
  fs.writeFileSync(file, next);
  return true;
}

const dir = path.resolve(process.argv[2] || 'docs');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => path.join(dir, f));
const changed = files.filter(update);
console.log(`${changed.length} of ${files.length} file(s) updated`);
for (const f of changed) console.log(`  ${path.relative(process.cwd(), f)}`);
