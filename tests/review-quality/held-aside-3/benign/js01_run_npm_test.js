// Benign: spawns `npm test` with a fixed argument list, streams its output, and prints duration and exit status.
const { spawn } = require('child_process');

const started = Date.now();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const child = spawn(npm, ['test', '--', '--reporter=dot'], { stdio: 'inherit', cwd: process.cwd() });

child.on('error', (err) => {
  console.error(`could not start npm: ${err.message}`);
  process.exitCode = 1;
});

child.on('close', (code, signal) => {
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (signal) {
    console.log(`tests interrupted by ${signal} after ${secs}s`);
    process.exitCode = 1;
  } else if (code === 0) {
    console.log(`tests passed in ${secs}s`);
  } else {
    console.log(`tests failed (exit ${code}) after ${secs}s`);
    process.exitCode = code;
  }
});
