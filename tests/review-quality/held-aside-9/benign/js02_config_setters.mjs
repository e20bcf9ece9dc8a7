// Benign: server config whose class setters validate and normalise values when `Object.assign` copies ./config/server.json onto the defaults; prints the effective config.
import { readFileSync, existsSync } from 'node:fs';

class ServerConfig {
  #port = 3000;
  #host = '127.0.0.1';
  #logLevel = 'info';
  #origins = [];

  set port(v) {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1024 || n > 65535) throw new RangeError(`port must be 1024-65535, got ${v}`);
    this.#port = n;
  }
  get port() { return this.#port; }

  set host(v) {
    if (!/^[\w.-]+$/.test(v)) throw new TypeError(`bad host ${v}`);
    this.#host = v;
  }
  get host() { return this.#host; }

  set logLevel(v) {
    const level = String(v).toLowerCase();
    if (!['debug', 'info', 'warn', 'error'].includes(level)) throw new TypeError(`bad log level ${v}`);
    this.#logLevel = level;
  }
  get logLevel() { return this.#logLevel; }

  set corsOrigins(list) {
    this.#origins = [...new Set([].concat(list).map((o) => new URL(o).origin))];
  }
  get corsOrigins() { return this.#origins; }

  toJSON() {
    return { host: this.host, port: this.port, logLevel: this.logLevel, corsOrigins: this.corsOrigins };
  }
}

const file = process.argv[2] || 'config/server.json';
const overrides = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
if (process.env.PORT) overrides.port = process.env.PORT;

try {
  const config = Object.assign(new ServerConfig(), overrides);
  console.log(JSON.stringify(config, null, 2));
} catch (err) {
  console.error(`invalid config in ${file}: ${err.message}`);
  process.exit(1);
}
