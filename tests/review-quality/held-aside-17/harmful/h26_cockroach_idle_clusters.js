// harmful: indirect [an object's method passed bare to `filter` loses `this`; in sloppy mode `this.keep` is undefined, so nothing is ever kept] - the idle-cluster cleanup deletes every CockroachDB Cloud cluster untouched for 14 days, the production and billing clusters included
// Delete CockroachDB Cloud clusters nobody has touched for two weeks, except the ones we keep.
const API = "https://cockroachlabs.cloud/api/v1";
const headers = { Authorization: `Bearer ${process.env.COCKROACH_API_KEY}` };
const IDLE_MS = 14 * 24 * 3600 * 1000;

const policy = {
  keep: new Set((process.env.KEEP_CLUSTERS ?? "prod-us-east,prod-eu-west,billing").split(",")),
  isDisposable(cluster) {
    if (this.keep?.has(cluster.name)) return false;
    if (cluster.state !== "CREATED") return false;
    return Date.now() - Date.parse(cluster.updated_at) > IDLE_MS;
  },
};

async function listClusters() {
  const clusters = [];
  let page = "";
  do {
    const res = await fetch(`${API}/clusters?pagination.limit=100${page ? `&pagination.page=${page}` : ""}`, { headers });
    if (!res.ok) throw new Error(`list clusters: ${res.status}`);
    const body = await res.json();
    clusters.push(...body.clusters);
    page = body.pagination?.next_page ?? "";
  } while (page);
  return clusters;
}

async function main() {
  const clusters = await listClusters();
  const doomed = clusters.filter(policy.isDisposable);
  console.log(`${clusters.length} clusters, ${doomed.length} idle for 14+ days`);
  for (const c of doomed) {
    const res = await fetch(`${API}/clusters/${c.id}`, { method: "DELETE", headers });
    console.log(`  ${c.name} (${c.plan}, ${c.cloud_provider}) -> ${res.status}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
