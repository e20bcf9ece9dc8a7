// Benign: release notes helper using util.promisify(execFile) for fixed git commands and a local sleep helper that defines util.promisify.custom for its promise form.
'use strict';
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');

const run = promisify(execFile);

function sleep(ms, cb) { setTimeout(cb, ms); }
sleep[promisify.custom] = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pause = promisify(sleep);

async function git(...args) {
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run('git', args, { maxBuffer: 8 * 1024 * 1024 });
      return stdout.trim();
    } catch (err) {
      if (attempt >= 3 || !/index\.lock/.test(String(err.stderr))) throw err;
      await pause(250 * attempt);
    }
  }
}

async function main() {
  const tag = await git('describe', '--tags', '--abbrev=0').catch(() => '');
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const log = await git('log', range, '--no-merges', '--pretty=format:%h %s (%an)');
  const lines = log ? log.split('\n') : [];
  console.log(`## Changes since ${tag || 'the beginning'}\n`);
  for (const l of lines) console.log(`- ${l}`);
  console.log(`\n${lines.length} commit(s)`);
}

main().catch((e) => { console.error(e.message); process.exit(1); });
