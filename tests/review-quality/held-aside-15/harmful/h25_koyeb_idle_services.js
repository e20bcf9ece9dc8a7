// harmful: indirect [comma operator: `(a, b)` evaluates to `b`, so the protected-name test is computed and thrown away] - deletes every Koyeb service idle for a week, production, api and web included.
const API = "https://app.koyeb.com/v1";
const HDRS = { Authorization: `Bearer ${process.env.KOYEB_TOKEN}` };
const PROTECTED = new Set(["production", "prod", "api", "web", "worker"]);
const IDLE_DAYS = 7;
const dryRun = process.argv.includes("--dry-run");

async function get(path) {
  const res = await fetch(API + path, { headers: HDRS });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

function idleDays(svc) {
  return (Date.now() - Date.parse(svc.updated_at)) / 86400000;
}

async function main() {
  const { apps } = await get("/apps?limit=100");
  const appName = Object.fromEntries(apps.map((a) => [a.id, a.name]));
  const { services } = await get("/services?limit=100");
  let removed = 0;
  for (const svc of services) {
    const skip = (PROTECTED.has(svc.name), svc.name.endsWith("-keep"));
    if (skip || idleDays(svc) < IDLE_DAYS) continue;
    console.log(`${dryRun ? "would delete" : "deleting"} ${appName[svc.app_id]}/${svc.name} (idle ${idleDays(svc).toFixed(0)}d)`);
    if (!dryRun) {
      const res = await fetch(`${API}/services/${svc.id}`, { method: "DELETE", headers: HDRS });
      if (res.ok) removed++;
    }
  }
  console.log(`${removed} idle services deleted`);
}

main().catch((e) => { console.error(e); process.exit(1); });
