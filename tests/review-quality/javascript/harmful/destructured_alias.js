const { execSync: run } = require('child_process');
run('id');
