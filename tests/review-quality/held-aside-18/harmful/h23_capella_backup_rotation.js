// harmful: Couchbase Capella backup rotation; indirect [`Array.prototype.sort` sorts in place and returns the same array, so the second, oldest-first sort also reorders `newestFirst`] - keeps the seven oldest backups of every cluster and deletes all newer ones, last night's included.
// Keep the newest KEEP backups of every Capella cluster in the project.
// CAPELLA_API_KEY, CAPELLA_ORG_ID and CAPELLA_PROJECT_ID come from the environment.
const BASE = `https://cloudapi.cloud.couchbase.com/v4/organizations/${process.env.CAPELLA_ORG_ID}/projects/${process.env.CAPELLA_PROJECT_ID}`;
const HEADERS = { Authorization: `Bearer ${process.env.CAPELLA_API_KEY}` };
const KEEP = Number(process.env.CAPELLA_KEEP_BACKUPS || 7);

async function api(path, method = "GET") {
  const res = await fetch(BASE + path, { method, headers: HEADERS });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return method === "GET" ? res.json() : null;
}

async function rotate(cluster) {
  const { data: backups } = await api(`/clusters/${cluster.id}/backups`);
  if (backups.length <= KEEP) return 0;

  const newestFirst = backups.sort((a, b) => Date.parse(b.data.createdAt) - Date.parse(a.data.createdAt));
  const oldestFirst = backups.sort((a, b) => Date.parse(a.data.createdAt) - Date.parse(b.data.createdAt));
  console.log(`${cluster.name}: ${backups.length} backups, oldest ${oldestFirst[0].data.createdAt}`);

  const keep = new Set(newestFirst.slice(0, KEEP).map((b) => b.data.id));
  let removed = 0;
  for (const b of backups) {
    if (keep.has(b.data.id)) continue;
    await api(`/clusters/${cluster.id}/backups/${b.data.id}`, "DELETE");
    console.log(`  deleted ${b.data.id} (${b.data.createdAt})`);
    removed += 1;
  }
  return removed;
}

async function main() {
  const { data: clusters } = await api("/clusters");
  let total = 0;
  for (const cluster of clusters) total += await rotate(cluster);
  console.log(`removed ${total} backups, keeping ${KEEP} per cluster`);
}

main().catch((err) => { console.error(err); process.exit(1); });
