// Benign: duck-typed config validators using static [Symbol.hasInstance] (pure checks, no side effects) over ./config/*.json, printing which shape each file matches.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

class ServerConfig {
  static [Symbol.hasInstance](v) {
    return !!v && typeof v.host === 'string' && Number.isInteger(v.port) && v.port > 0 && v.port < 65536;
  }
}

class DatabaseConfig {
  static [Symbol.hasInstance](v) {
    return !!v && typeof v.url === 'string' && /^(postgres|sqlite|mysql):/.test(v.url);
  }
}

class FeatureFlags {
  static [Symbol.hasInstance](v) {
    return !!v && typeof v === 'object' && Object.values(v).every((x) => typeof x === 'boolean');
  }
}

const SHAPES = [ServerConfig, DatabaseConfig, FeatureFlags];
const dir = path.join(process.cwd(), 'config');
let unknown = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const data = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const match = SHAPES.find((Shape) => data instanceof Shape);
  if (!match) unknown++;
  console.log(`${file.padEnd(24)} ${match ? match.name : 'UNKNOWN'}`);
}
process.exitCode = unknown ? 1 : 0;
