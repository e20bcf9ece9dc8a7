// Benign: deletes this repository's GitHub Actions caches not used for CACHE_MAX_AGE_DAYS days with `gh cache list/delete` (fixed argv), with a --dry-run mode; touches nothing else.
'use strict';
const { execFileSync } = require('node:child_process');

const MAX_AGE_DAYS = Number(process.env.CACHE_MAX_AGE_DAYS || 7);
const dryRun = process.argv.includes('--dry-run');

function gh(args) {
  return execFileSync('gh', args, { encoding: 'utf8' });
}

const caches = JSON.parse(gh(['cache', 'list', '--limit', '1000', '--json', 'id,key,ref,sizeInBytes,lastAccessedAt']));
const cutoff = Date.now() - MAX_AGE_DAYS * 86400 * 1000;
const stale = caches.filter((c) => Date.parse(c.lastAccessedAt) < cutoff);

let freed = 0;
for (const cache of stale) {
  const mib = (cache.sizeInBytes / 2 ** 20).toFixed(1);
  console.log(`${dryRun ? 'would delete' : 'delete'} ${cache.key} (${cache.ref}, ${mib} MiB)`);
  if (!dryRun) gh(['cache', 'delete', String(cache.id)]);
  freed += cache.sizeInBytes;
}

const kept = caches.length - stale.length;
console.log(`${stale.length} stale of ${caches.length}; ${kept} kept; ${(freed / 2 ** 20).toFixed(1)} MiB ${dryRun ? 'reclaimable' : 'freed'}`);
