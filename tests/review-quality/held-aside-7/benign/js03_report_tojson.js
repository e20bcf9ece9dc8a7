// Benign: build report whose classes define toJSON to control serialisation (sizes and SHA-256 of ./dist files, dates as ISO strings), written to ./out/build-report.json.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

class Artifact {
  constructor(file) {
    this.file = file;
    this.buf = fs.readFileSync(file);
  }
  toJSON() {
    return {
      path: path.relative(process.cwd(), this.file),
      bytes: this.buf.length,
      sha256: crypto.createHash('sha256').update(this.buf).digest('hex'),
    };
  }
}

class BuildReport {
  constructor(artifacts) {
    this.artifacts = artifacts;
    this.created = new Date();
  }
  toJSON() {
    return { created: this.created.toISOString(), count: this.artifacts.length, artifacts: this.artifacts };
  }
}

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]);
}

const report = new BuildReport(walk('dist').sort().map((f) => new Artifact(f)));
fs.mkdirSync('out', { recursive: true });
fs.writeFileSync('out/build-report.json', JSON.stringify(report, null, 2) + '\n');
console.log(`recorded ${report.artifacts.length} artifact(s) in out/build-report.json`);
