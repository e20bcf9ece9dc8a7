// Benign: logger whose util.inspect.custom hook redacts token, password and key fields before objects are printed; writes to stdout and ./logs/app.log
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const util = require('node:util');

const SECRET = /(token|secret|password|passwd|api[_-]?key|authorization)/i;
const LOG_FILE = path.resolve('logs', 'app.log');

function redact(value, depth = 0) {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '[redacted]' : redact(v, depth + 1)]),
  );
}

class Safe {
  constructor(value) {
    this.value = value;
  }

  [util.inspect.custom](depth, options, inspect) {
    return inspect(redact(this.value), { ...options, depth: options.depth });
  }

  toJSON() {
    return redact(this.value);
  }
}

function log(level, msg, fields = {}) {
  const line = `${new Date().toISOString()} ${level.padEnd(5)} ${msg} ${util.inspect(new Safe(fields), { breakLength: Infinity })}`;
  console.log(line);
  fs.mkdirSync(path.dirname(LOG_FILE), { recursive: true });
  fs.appendFileSync(LOG_FILE, line + '\n');
}

module.exports = { log, redact, Safe };

if (require.main === module) {
  log('info', 'connecting', { host: 'db.internal', user: 'app', password: 'FAKE-not-a-password' });
  log('warn', 'retrying', { attempt: 2, headers: { Authorization: 'Bearer FAKE000' } });
}
