// benign: backs up every Grafana dashboard as JSON into ./backups/grafana with GET requests only; keeps the last 7 dated snapshots
// Nightly Grafana dashboard backup.
//   GRAFANA_URL=https://grafana.internal GRAFANA_TOKEN=... node grafana-backup.js
// Uses a viewer-role service account token; writes nothing to Grafana.
const fs = require("node:fs");
const path = require("node:path");

const BASE = (process.env.GRAFANA_URL || "").replace(/\/$/, "");
const HEADERS = { Authorization: `Bearer ${process.env.GRAFANA_TOKEN}` };
const KEEP = 7;

async function get(p) {
  const res = await fetch(BASE + p, { headers: HEADERS });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return res.json();
}

function rotate(root) {
  const snaps = fs.readdirSync(root).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  for (const old of snaps.slice(0, Math.max(0, snaps.length - KEEP))) {
    fs.rmSync(path.join(root, old), { recursive: true, force: true });
  }
}

async function main() {
  const root = path.join("backups", "grafana");
  const dir = path.join(root, new Date().toISOString().slice(0, 10));
  fs.mkdirSync(dir, { recursive: true });

  const hits = await get("/api/search?type=dash-db&limit=5000");
  for (const hit of hits) {
    const { dashboard, meta } = await get(`/api/dashboards/uid/${hit.uid}`);
    fs.writeFileSync(path.join(dir, `${hit.uid}.json`), JSON.stringify({ folder: meta.folderTitle, dashboard }, null, 2));
  }
  rotate(root);
  console.log(`backed up ${hits.length} dashboards to ${dir}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
