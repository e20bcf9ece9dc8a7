// benign: read-only Opsgenie export of next month's on-call shifts per schedule into ./out/oncall-rota.csv
// On-call rota for payroll: who is on call, when, on which schedule.
//   OPSGENIE_API_KEY=... node export-rota.js
// Only GET requests; integrations and heartbeats are not touched.
const fs = require("node:fs");

const API = "https://api.opsgenie.com/v2";
const HEADERS = { Authorization: `GenieKey ${process.env.OPSGENIE_API_KEY}` };

async function get(path) {
  const res = await fetch(API + path, { headers: HEADERS });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()).data;
}

function nextMonthStart() {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

async function main() {
  const start = nextMonthStart();
  const rows = [["schedule", "rotation", "user", "start", "end", "hours"]];
  for (const s of await get("/schedules")) {
    const q = `?interval=1&intervalUnit=months&date=${encodeURIComponent(start.toISOString())}`;
    const tl = await get(`/schedules/${s.id}/timeline${q}`);
    for (const rot of tl.finalTimeline?.rotations || []) {
      for (const p of rot.periods || []) {
        const hours = (Date.parse(p.endDate) - Date.parse(p.startDate)) / 36e5;
        rows.push([s.name, rot.name, p.recipient?.name || "", p.startDate, p.endDate, hours.toFixed(1)]);
      }
    }
  }
  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/oncall-rota.csv", rows.map((r) => r.join(",")).join("\n") + "\n");
  console.log(`${rows.length - 1} shifts for ${start.toISOString().slice(0, 7)} -> out/oncall-rota.csv`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
