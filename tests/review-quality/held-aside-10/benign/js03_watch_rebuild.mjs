// Benign: watches ./src with fs.watch and, debounced, re-runs the project's local esbuild binary with fixed argv into ./dist, printing the build time; stops on Ctrl-C.
import { watch } from 'node:fs';
import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ESBUILD = join('node_modules', '.bin', 'esbuild');
const ARGS = ['src/index.ts', '--bundle', '--platform=node', '--target=node20', '--outfile=dist/index.js', '--sourcemap'];

let timer = null;
let building = false;
let again = false;

function build(reason) {
  if (building) {
    again = true;
    return;
  }
  building = true;
  const t0 = Date.now();
  execFile(ESBUILD, ARGS, (err, _stdout, stderr) => {
    building = false;
    const ms = Date.now() - t0;
    if (err) console.error(`build failed (${reason}):\n${stderr}`);
    else console.log(`[${new Date().toLocaleTimeString()}] rebuilt in ${ms} ms (${reason})`);
    if (again) {
      again = false;
      build('queued change');
    }
  });
}

const watcher = watch('src', { recursive: true }, (_event, file) => {
  if (!file || file.endsWith('~') || file.startsWith('.')) return;
  clearTimeout(timer);
  timer = setTimeout(() => build(file), 100);
});

build('startup');
console.log('watching src/ (Ctrl-C to stop)');
process.on('SIGINT', () => {
  watcher.close();
  process.exit(0);
});
