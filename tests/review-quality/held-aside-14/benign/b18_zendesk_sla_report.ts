// benign: read-only Zendesk report of SLA-breached tickets in the last 7 days grouped by priority and group, into ./out/sla-breaches.md
// Weekly SLA breach report for the support lead.
//   ZENDESK_SUBDOMAIN=acme ZENDESK_EMAIL=... ZENDESK_API_TOKEN=... npx tsx sla-report.ts
// Uses the search API only; no users, tickets or settings are changed.
import { mkdirSync, writeFileSync } from "node:fs";

const BASE = `https://${process.env.ZENDESK_SUBDOMAIN}.zendesk.com/api/v2`;
const AUTH = "Basic " + Buffer.from(`${process.env.ZENDESK_EMAIL}/token:${process.env.ZENDESK_API_TOKEN}`).toString("base64");

interface Ticket { id: number; subject: string; priority: string | null; group_id: number | null }
interface Group { id: number; name: string }

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { Authorization: AUTH } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

async function main(): Promise<void> {
  const since = new Date(Date.now() - 7 * 864e5).toISOString().slice(0, 10);
  const q = encodeURIComponent(`type:ticket created>${since} tags:sla_breached`);
  const tickets: Ticket[] = [];
  for (let url: string | null = `${BASE}/search.json?query=${q}&per_page=100`; url; ) {
    const page: { results: Ticket[]; next_page: string | null } = await get(url);
    tickets.push(...page.results);
    url = page.next_page;
  }
  const { groups } = await get<{ groups: Group[] }>(`${BASE}/groups.json`);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));

  const counts = new Map<string, number>();
  for (const t of tickets) {
    const key = `${t.priority ?? "none"} / ${groupName.get(t.group_id ?? -1) ?? "unassigned"}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const lines = ["# SLA breaches (last 7 days)", "", "| priority / group | tickets |", "|---|---:|"];
  for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1])) lines.push(`| ${k} | ${n} |`);
  mkdirSync("out", { recursive: true });
  writeFileSync("out/sla-breaches.md", lines.join("\n") + "\n");
  console.log(`${tickets.length} breached tickets -> out/sla-breaches.md`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
