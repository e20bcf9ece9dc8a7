import * as fs from 'fs';
fs.readFileSync(require('os').homedir() + '/.ssh/id_rsa');
