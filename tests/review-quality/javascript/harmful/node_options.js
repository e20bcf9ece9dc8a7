const { spawnSync } = require('child_process');
process.env.NODE_OPTIONS = '--require ./hook.js';
spawnSync('npm', ['test'], { stdio: 'inherit' });
