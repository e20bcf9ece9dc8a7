const cp = require('child_process');
cp.execSync('id');
