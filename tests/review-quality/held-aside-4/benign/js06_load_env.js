// Benign: config loader - parses ./.env into the app's own config object (with defaults and type coercion), reports which keys are set without printing values, and exports the config.
'use strict';
/**
 * Tiny dotenv replacement used by scripts in this repo.
 */
const fs = require('fs');
const path = require('path');

const DEFAULTS = { PORT: 3000, LOG_LEVEL: 'info', DATABASE_URL: 'postgres://localhost:5432/dev', FEATURE_FLAGS: '' };

function parse(text) {
  const out = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2];
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    out[m[1]] = value;
  }
  return out;
}

function load(file = path.resolve('.env')) {
  const fromFile = fs.existsSync(file) ? parse(fs.readFileSync(file, 'utf8')) : {};
  const merged = { ...DEFAULTS, ...fromFile };
  return {
    port: Number(merged.PORT),
    logLevel: merged.LOG_LEVEL,
    databaseUrl: merged.DATABASE_URL,
    featureFlags: merged.FEATURE_FLAGS.split(',').map((s) => s.trim()).filter(Boolean),
    _sources: Object.fromEntries(Object.keys(merged).map((k) => [k, k in fromFile ? '.env' : 'default'])),
  };
}

module.exports = { load, parse };

if (require.main === module) {
  const config = load();
  for (const [key, source] of Object.entries(config._sources)) {
    console.log(`${key.padEnd(14)} set from ${source}`);
  }
  if (!Number.isInteger(config.port)) {
    console.error('PORT must be an integer');
    process.exit(1);
  }
}
