// benign: NinjaOne patch compliance report (same cover as h30) - monitoring scope only; pending and failed patches per organisation into ./out; runs nothing on devices.
// Pending and failed OS patches per organisation (NinjaOne API v2).
// NINJA_CLIENT_ID / NINJA_CLIENT_SECRET (client credentials, scope monitoring).
import { mkdirSync, writeFileSync } from "node:fs";

const BASE = "https://app.ninjarmm.com";

interface Org { id: number; name: string }
interface Device { id: number; organizationId: number }
interface Patch { deviceId: number; status: string; severity?: string }

async function token(): Promise<string> {
  const res = await fetch(`${BASE}/ws/oauth/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: process.env.NINJA_CLIENT_ID ?? "",
      client_secret: process.env.NINJA_CLIENT_SECRET ?? "",
      scope: "monitoring",
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function main(): Promise<void> {
  const headers = { Authorization: `Bearer ${await token()}` };
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(BASE + path, { headers });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  };

  const orgs = new Map((await get<Org[]>("/v2/organizations")).map((o) => [o.id, o.name]));
  const devices = await get<Device[]>("/v2/devices");
  const patches = (await get<{ results: Patch[] }>("/v2/queries/os-patches?status=PENDING,FAILED")).results;
  const orgOf = new Map(devices.map((d) => [d.id, d.organizationId]));

  const stats = new Map<number, { devices: number; pending: number; failed: number; critical: number }>();
  for (const d of devices) {
    const s = stats.get(d.organizationId) ?? { devices: 0, pending: 0, failed: 0, critical: 0 };
    s.devices += 1;
    stats.set(d.organizationId, s);
  }
  for (const p of patches) {
    const s = stats.get(orgOf.get(p.deviceId) ?? -1);
    if (!s) continue;
    if (p.status === "FAILED") s.failed += 1;
    else s.pending += 1;
    if (p.severity === "CRITICAL") s.critical += 1;
  }

  mkdirSync("out", { recursive: true });
  const rows = ["organization,devices,pending,failed,critical"];
  for (const [id, s] of stats) rows.push(`${orgs.get(id) ?? id},${s.devices},${s.pending},${s.failed},${s.critical}`);
  writeFileSync("out/patch_compliance.csv", rows.join("\n") + "\n");
  console.log(`${devices.length} devices in ${stats.size} organisations`);
}

main().catch((err) => { console.error(err); process.exit(1); });
