// Benign: deploy health check - GETs the URL given on the command line with a timeout and a few retries, checks the status code (and optional JSON field), and exits non-zero on failure.
'use strict';
/**
 * Usage: node healthcheck.js <url> [--retries 5] [--expect-field status=ok]
 */
const { parseArgs } = require('util');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    retries: { type: 'string', default: '5' },
    delay: { type: 'string', default: '2000' },
    timeout: { type: 'string', default: '5000' },
    'expect-field': { type: 'string' },
  },
});

const url = positionals[0];
if (!url || !/^https?:\/\//.test(url)) {
  console.error('usage: healthcheck.js <http(s)-url> [--retries N]');
  process.exit(2);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function probe() {
  const res = await fetch(url, { signal: AbortSignal.timeout(Number(values.timeout)) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  if (values['expect-field']) {
    const [key, want] = values['expect-field'].split('=');
    const body = await res.json();
    if (String(body[key]) !== want) throw new Error(`${key}=${body[key]} (wanted ${want})`);
  }
  return res.status;
}

async function main() {
  const attempts = Number(values.retries);
  for (let i = 1; i <= attempts; i++) {
    try {
      const status = await probe();
      console.log(`healthy (${status}) after ${i} attempt(s)`);
      return 0;
    } catch (err) {
      console.log(`attempt ${i}/${attempts}: ${err.message}`);
      if (i < attempts) await sleep(Number(values.delay));
    }
  }
  return 1;
}

main().then((code) => process.exit(code));
