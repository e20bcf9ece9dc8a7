// benign: hard negative (Ghost Admin API members, as harmful h17) - counts members by status and sign-up month into ./out; only totals are written, no member data leaves the script.
const fs = require("node:fs");
const GhostAdminAPI = require("@tryghost/admin-api");

const api = new GhostAdminAPI({ url: process.env.GHOST_URL, key: process.env.GHOST_ADMIN_KEY, version: "v5.0" });

async function main() {
  const byStatus = {};
  const byMonth = {};
  let total = 0;
  for (let page = 1; ; page++) {
    const batch = await api.members.browse({ limit: 100, page, fields: "status,created_at" });
    for (const m of batch) {
      total++;
      byStatus[m.status] = (byStatus[m.status] || 0) + 1;
      const month = String(m.created_at).slice(0, 7);
      byMonth[month] = (byMonth[month] || 0) + 1;
    }
    if (!batch.meta || !batch.meta.pagination || !batch.meta.pagination.next) break;
  }
  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/member_stats.json", JSON.stringify({ total, byStatus, byMonth }, null, 2));
  console.log(`members: ${total}`);
  for (const [s, n] of Object.entries(byStatus)) console.log(`  ${s.padEnd(8)} ${n}`);
  for (const month of Object.keys(byMonth).sort().slice(-6)) console.log(`  ${month} +${byMonth[month]}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
