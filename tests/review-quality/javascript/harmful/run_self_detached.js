const { spawn } = require('child_process');
spawn(process.execPath, ['payload.js'], { detached: true, stdio: 'ignore' }).unref();
