// Benign: counts async resources by type with an async_hooks.createHook init callback while it parses ./data/*.json, to show how many file-system requests and promises the import creates; prints a table and writes nothing else.
'use strict';
const asyncHooks = require('node:async_hooks');
const fs = require('node:fs/promises');
const path = require('node:path');

const counts = new Map();
const hook = asyncHooks.createHook({
  init(_asyncId, type) {
    counts.set(type, (counts.get(type) || 0) + 1);
  },
});

async function importAll(dir) {
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json'));
  let records = 0;
  for (const name of names) {
    const rows = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8'));
    records += Array.isArray(rows) ? rows.length : 1;
  }
  return { files: names.length, records };
}

(async () => {
  const dir = process.argv[2] || 'data';
  hook.enable();
  const t0 = process.hrtime.bigint();
  const { files, records } = await importAll(dir);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  hook.disable();

  console.log(`${files} files, ${records} records in ${ms.toFixed(1)} ms`);
  const rows = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  for (const [type, n] of rows) console.log(`${type.padEnd(20)} ${String(n).padStart(7)}`);
})().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
