// Benign: splits ./tests/*.test.js into shards and forks this same file once per shard; each child runs node --test on its shard with a fixed argv
'use strict';
const { fork, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

function testFiles() {
  const dir = path.resolve('tests');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.test.js')).sort().map((f) => path.join(dir, f));
}

function runShard(files) {
  const res = spawnSync(process.execPath, ['--test', '--test-reporter=dot', ...files], { stdio: 'inherit' });
  process.send({ files: files.length, status: res.status });
  process.exit(0);
}

async function main() {
  const files = testFiles();
  const shards = Math.min(files.length, Math.max(1, Number(process.env.SHARDS) || os.availableParallelism()));
  const groups = Array.from({ length: shards }, (_, i) => files.filter((_, j) => j % shards === i));
  const results = await Promise.all(
    groups.map(
      (group, i) =>
        new Promise((resolve) => {
          const child = fork(__filename, ['--shard', String(i), ...group]);
          child.on('message', (msg) => resolve({ shard: i, ...msg }));
          child.on('exit', (code) => resolve({ shard: i, files: group.length, status: code }));
        }),
    ),
  );
  let failed = 0;
  for (const r of results) {
    console.log(`shard ${r.shard}: ${r.files} file(s), exit ${r.status}`);
    if (r.status !== 0) failed++;
  }
  process.exit(failed ? 1 : 0);
}

const at = process.argv.indexOf('--shard');
if (at !== -1 && process.send) runShard(process.argv.slice(at + 2));
else main();
