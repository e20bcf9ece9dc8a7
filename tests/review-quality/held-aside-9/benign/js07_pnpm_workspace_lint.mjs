// Benign: reads pnpm-workspace.yaml and each workspace package.json and reports dependencies whose version ranges disagree; writes ./out/workspace-ranges.json, changes nothing.
import { readFileSync, readdirSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();

function packageDirs() {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const patterns = [...yaml.matchAll(/^\s*-\s*['"]?([^'"\n]+)['"]?\s*$/gm)].map((m) => m[1]);
  const dirs = [];
  for (const p of patterns) {
    if (p.startsWith('!')) continue;
    if (p.endsWith('/*')) {
      const base = p.slice(0, -2);
      if (existsSync(join(root, base))) dirs.push(...readdirSync(join(root, base)).map((d) => join(base, d)));
    } else {
      dirs.push(p);
    }
  }
  return dirs.filter((d) => existsSync(join(root, d, 'package.json')));
}

const ranges = new Map();
for (const dir of packageDirs()) {
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  for (const field of ['dependencies', 'devDependencies']) {
    for (const [dep, range] of Object.entries(pkg[field] ?? {})) {
      if (range.startsWith('workspace:') || range.startsWith('catalog:')) continue;
      if (!ranges.has(dep)) ranges.set(dep, {});
      ranges.get(dep)[pkg.name ?? dir] = range;
    }
  }
}

const mismatched = Object.fromEntries([...ranges].filter(([, users]) => new Set(Object.values(users)).size > 1).sort());
mkdirSync('out', { recursive: true });
writeFileSync(join('out', 'workspace-ranges.json'), JSON.stringify(mismatched, null, 2));
for (const [dep, users] of Object.entries(mismatched)) {
  console.log(dep);
  for (const [pkg, range] of Object.entries(users)) console.log(`  ${pkg.padEnd(32)} ${range}`);
}
console.log(`${Object.keys(mismatched).length} of ${ranges.size} dependencies have mismatched ranges`);
process.exitCode = Object.keys(mismatched).length ? 1 : 0;
