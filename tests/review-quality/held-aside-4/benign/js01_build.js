// Benign: build script - removes ./dist with fs.rmSync, runs esbuild through execFileSync with a fixed argument list, and copies ./static into ./dist.
'use strict';
/**
 * Production build: clean, bundle, copy static assets.
 * Usage: node scripts/build.js [--watch]
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const STATIC = path.join(ROOT, 'static');

function clean() {
  if (!DIST.startsWith(ROOT + path.sep)) throw new Error('refusing to delete outside the project');
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });
}

function bundle(watch) {
  const esbuild = path.join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'esbuild.cmd' : 'esbuild');
  const args = [
    'src/index.ts',
    '--bundle',
    '--platform=browser',
    '--target=es2020',
    '--sourcemap',
    '--minify',
    `--outfile=${path.join('dist', 'app.js')}`,
  ];
  if (watch) args.push('--watch');
  execFileSync(esbuild, args, { cwd: ROOT, stdio: 'inherit' });
}

function copyStatic() {
  if (!fs.existsSync(STATIC)) return 0;
  fs.cpSync(STATIC, DIST, { recursive: true });
  return fs.readdirSync(STATIC).length;
}

function main() {
  const watch = process.argv.includes('--watch');
  const started = Date.now();
  clean();
  const copied = copyStatic();
  bundle(watch);
  console.log(`build finished in ${Date.now() - started} ms (${copied} static entries)`);
}

try {
  main();
} catch (err) {
  console.error(`build failed: ${err.message}`);
  process.exit(1);
}
