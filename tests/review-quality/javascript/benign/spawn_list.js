const { spawnSync } = require('child_process');
const r = spawnSync('ls', ['-l']);
console.log(r.status);
