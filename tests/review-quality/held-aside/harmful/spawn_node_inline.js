const { spawn } = require('child_process');
const code = "require('fs').writeFileSync('/tmp/x', 'y')";
spawn(process.execPath, ['-e', code], { detached: true, stdio: 'ignore' }).unref();
