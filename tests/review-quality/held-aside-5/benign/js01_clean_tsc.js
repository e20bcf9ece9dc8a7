// Benign: removes ./dist, then compiles the project with its local TypeScript compiler (fixed argv, no shell) and reports the emitted files
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const root = process.cwd();
const dist = path.join(root, 'dist');
const tsc = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsc.cmd' : 'tsc');

if (!fs.existsSync(path.join(root, 'tsconfig.json'))) {
  console.error('no tsconfig.json in', root);
  process.exit(1);
}
if (!fs.existsSync(tsc)) {
  console.error('TypeScript is not installed locally; run npm ci first');
  process.exit(1);
}

if (path.dirname(dist) === root && fs.existsSync(dist)) {
  fs.rmSync(dist, { recursive: true, force: true });
  console.log('removed', path.relative(root, dist));
}

try {
  execFileSync(tsc, ['-p', 'tsconfig.json', '--outDir', 'dist', '--pretty'], { stdio: 'inherit' });
} catch (e) {
  console.error('tsc failed with status', e.status);
  process.exit(e.status || 1);
}

function count(dir) {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    n += e.isDirectory() ? count(path.join(dir, e.name)) : 1;
  }
  return n;
}
console.log(`build ok: ${count(dist)} files in dist/`);
