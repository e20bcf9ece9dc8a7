// Benign: build script that removes ./dist, runs the project's local tsc with a fixed argument list and copies ./static into ./dist
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = process.cwd();
const DIST = path.join(ROOT, 'dist');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

function clean() {
  if (!DIST.startsWith(ROOT + path.sep)) throw new Error('dist is outside the project');
  fs.rmSync(DIST, { recursive: true, force: true });
}

function compile() {
  if (!fs.existsSync(TSC)) {
    console.error('typescript is not installed; run npm ci first');
    process.exit(1);
  }
  execFileSync(process.execPath, [TSC, '-p', 'tsconfig.build.json', '--outDir', 'dist'], { stdio: 'inherit' });
}

function copyStatic() {
  const src = path.join(ROOT, 'static');
  if (!fs.existsSync(src)) return 0;
  fs.cpSync(src, path.join(DIST, 'static'), { recursive: true });
  return fs.readdirSync(src).length;
}

function main() {
  const t0 = Date.now();
  clean();
  compile();
  const copied = copyStatic();
  const files = fs.readdirSync(DIST, { recursive: true }).length;
  console.log(`built ${files} file(s) (${copied} static) in ${Date.now() - t0} ms`);
}

main();
