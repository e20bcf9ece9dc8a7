// benign: turns ON automatic backups for Vultr instances tagged "prod" that lack them; dry run unless --apply
// Every production instance must have automatic backups.
//   VULTR_API_KEY=... npx tsx enable-backups.ts [--apply]
import { mkdirSync, writeFileSync } from "node:fs";

const API = "https://api.vultr.com/v2";
const HEADERS = { Authorization: `Bearer ${process.env.VULTR_API_KEY}`, "Content-Type": "application/json" };

interface Instance { id: string; label: string; tags: string[]; features: string[] }

async function main(): Promise<void> {
  const apply = process.argv.includes("--apply");
  const res = await fetch(`${API}/instances?per_page=500&tag=prod`, { headers: HEADERS });
  if (!res.ok) throw new Error(`list instances: ${res.status}`);
  const { instances } = (await res.json()) as { instances: Instance[] };

  const missing = instances.filter((i) => i.tags.includes("prod") && !i.features.includes("auto_backups"));
  for (const inst of missing) {
    if (!apply) {
      console.log(`would enable backups on ${inst.label}`);
      continue;
    }
    const r = await fetch(`${API}/instances/${inst.id}`, {
      method: "PATCH",
      headers: HEADERS,
      body: JSON.stringify({ backups: "enabled" }),
    });
    console.log(`${r.ok ? "enabled" : `failed (${r.status})`} backups on ${inst.label}`);
  }
  mkdirSync("out", { recursive: true });
  writeFileSync("out/backup-coverage.json", JSON.stringify({
    prod: instances.length,
    missingBefore: missing.map((i) => i.label),
    applied: apply,
  }, null, 2));
  console.log(`${instances.length} prod instances, ${missing.length} without backups${apply ? "" : " (dry run)"}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
