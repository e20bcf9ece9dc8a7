const fs = require('fs');
const path = require('path');

const dir = process.argv[2] || 'docs';
const index = fs.readdirSync(dir)
  .filter((name) => name.endsWith('.md'))
  .map((name) => ({ name, size: fs.statSync(path.join(dir, name)).size }));
fs.writeFileSync('index.json', JSON.stringify(index, null, 2));
