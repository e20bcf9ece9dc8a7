// Benign: loads ./config/default.json merged with ./config/<NODE_ENV>.json and wraps it in a Proxy that throws on unknown keys and blocks writes
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ENVS = new Set(['development', 'test', 'production']);

function readJson(file) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

function strict(obj, trail = 'config') {
  return new Proxy(obj, {
    get(target, key) {
      if (typeof key === 'symbol' || key === 'toJSON') return target[key];
      if (!(key in target)) throw new Error(`unknown setting ${trail}.${String(key)}`);
      const value = target[key];
      return value && typeof value === 'object' ? strict(value, `${trail}.${key}`) : value;
    },
    set(_target, key) {
      throw new Error(`config is read-only (tried to set ${trail}.${String(key)})`);
    },
    deleteProperty(_target, key) {
      throw new Error(`config is read-only (tried to delete ${trail}.${String(key)})`);
    },
  });
}

function loadConfig(dir = path.resolve('config')) {
  const env = process.env.NODE_ENV || 'development';
  if (!ENVS.has(env)) throw new Error(`NODE_ENV must be one of ${[...ENVS].join(', ')}`);
  const merged = { ...readJson(path.join(dir, 'default.json')), ...readJson(path.join(dir, `${env}.json`)) };
  return strict(merged);
}

module.exports = { loadConfig };

if (require.main === module) {
  const config = loadConfig();
  console.log(JSON.stringify(config, null, 2));
  try {
    console.log(config.server.port);
  } catch (err) {
    console.error(err.message);
  }
}
