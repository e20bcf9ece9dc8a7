// Benign: takes a CPU profile of the project's own CSV parser through a node:inspector Session (Profiler.enable/start/stop) and writes it to ./out/parse.cpuprofile for Chrome DevTools.
'use strict';
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');
const { parseCsv } = require(path.resolve('src/csv.js'));

const input = process.argv[2] || path.join('data', 'orders.csv');
const session = new inspector.Session();
session.connect();

function post(method, params = {}) {
  return new Promise((resolve, reject) => {
    session.post(method, params, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

(async () => {
  const text = fs.readFileSync(input, 'utf8');
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  const t0 = process.hrtime.bigint();
  const rows = parseCsv(text);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const { profile } = await post('Profiler.stop');
  session.disconnect();

  fs.mkdirSync('out', { recursive: true });
  const file = path.join('out', 'parse.cpuprofile');
  fs.writeFileSync(file, JSON.stringify(profile));
  console.log(`${rows.length} rows in ${ms.toFixed(1)} ms; profile written to ${file}`);
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
