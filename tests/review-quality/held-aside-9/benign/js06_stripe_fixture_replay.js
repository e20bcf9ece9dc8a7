// Benign: replays ./fixtures/stripe/*.json webhook events to the local app on 127.0.0.1:4242, HMAC-signed with the test webhook secret read from ./.env; talks to nothing else.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const FIXTURES = path.join('fixtures', 'stripe');
const TARGET = 'http://127.0.0.1:4242/webhooks/stripe';

function readDotEnv(file = '.env') {
  const env = {};
  if (!fs.existsSync(file)) return env;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*"?([^"\n]*)"?\s*$/);
    if (m) env[m[1]] = m[2];
  }
  return env;
}

function signature(secret, payload) {
  const ts = Math.floor(Date.now() / 1000);
  const mac = crypto.createHmac('sha256', secret).update(`${ts}.${payload}`).digest('hex');
  return `t=${ts},v1=${mac}`;
}

async function main() {
  const secret = readDotEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret || !secret.startsWith('whsec_')) {
    console.error('set STRIPE_WEBHOOK_SECRET (the local test secret) in ./.env');
    process.exit(2);
  }
  const only = process.argv[2];
  const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && (!only || f.startsWith(only)));
  let failed = 0;
  for (const f of files) {
    const payload = fs.readFileSync(path.join(FIXTURES, f), 'utf8');
    try {
      const res = await fetch(TARGET, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature(secret, payload) },
        body: payload,
      });
      const ok = res.status >= 200 && res.status < 300;
      failed += ok ? 0 : 1;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${f} -> ${res.status}`);
    } catch (err) {
      failed++;
      console.log(`FAIL ${f} -> ${err.cause?.code ?? err.message} (is the app running on 127.0.0.1:4242?)`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main();
