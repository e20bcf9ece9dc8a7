// benign: switches the Next-Gen WAF sites listed in ./config/ngwaf.json from log-only to blocking mode, after --yes; lists the current rules
// Move our sites from monitoring ("log") to blocking once tuning is done.
//   SIGSCI_EMAIL=... SIGSCI_TOKEN=... npx tsx ngwaf-enable-blocking.ts [--yes]
import { readFileSync } from "node:fs";

const cfg = JSON.parse(readFileSync("config/ngwaf.json", "utf8")) as { corp: string; sites: string[] };
const API = `https://dashboard.signalsciences.net/api/v0/corps/${cfg.corp}`;
const HEADERS = {
  "x-api-user": process.env.SIGSCI_EMAIL ?? "",
  "x-api-token": process.env.SIGSCI_TOKEN ?? "",
  "Content-Type": "application/json",
};

async function call<T>(path: string, method = "GET", body?: unknown): Promise<T> {
  const res = await fetch(API + path, { method, headers: HEADERS, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return (await res.json()) as T;
}

async function main(): Promise<void> {
  const yes = process.argv.includes("--yes");
  for (const name of cfg.sites) {
    const site = await call<{ name: string; agentLevel: string }>(`/sites/${name}`);
    const { data: rules } = await call<{ data: { id: string; type: string; reason?: string }[] }>(`/sites/${name}/rules`);
    console.log(`${name}: mode=${site.agentLevel}, ${rules.length} rules`);
    if (site.agentLevel === "block") continue;
    if (!yes) {
      console.log(`  would switch ${name} to blocking (pass --yes)`);
      continue;
    }
    await call(`/sites/${name}`, "PATCH", { agentLevel: "block" });
    console.log(`  ${name}: blocking enabled`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
