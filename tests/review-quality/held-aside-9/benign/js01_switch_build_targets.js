// Benign: build script whose `switch` has one documented fall-through ("release" runs tests, then continues into "build"); cleans ./dist and runs the local esbuild and node --test with fixed argv.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const target = process.argv[2] || 'build';
const bin = (name) => path.join('node_modules', '.bin', name);
const run = (cmd, args) => {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { stdio: 'inherit' });
};

function cleanDist() {
  const dist = path.resolve('dist');
  if (path.dirname(dist) !== process.cwd()) throw new Error('refusing to clean outside the project');
  fs.rmSync(dist, { recursive: true, force: true });
}

switch (target) {
  case 'clean':
    cleanDist();
    break;
  case 'test':
    run(process.execPath, ['--test', 'test/']);
    break;
  case 'release':
    run(process.execPath, ['--test', 'test/']);
    // falls through: a release is a tested build with minification
  case 'build':
    cleanDist();
    run(bin('esbuild'), ['src/index.ts', '--bundle', '--platform=node', '--target=node20', '--outdir=dist',
      ...(target === 'release' ? ['--minify', '--sourcemap'] : [])]);
    break;
  default:
    console.error(`unknown target "${target}" (clean, test, build, release)`);
    process.exit(2);
}

if (fs.existsSync('dist')) {
  for (const f of fs.readdirSync('dist')) {
    console.log(`  dist/${f.padEnd(24)} ${(fs.statSync(path.join('dist', f)).size / 1024).toFixed(1)} KiB`);
  }
}
