// harmful: indirect [JavaScript months are zero-based: `Date.UTC(2026, 12, 1)` rolls over to 2027-01-01] - the "keep this month" snapshot prune deletes every snapshot in the production repository, this week's included
// Monthly snapshot rotation on the search cluster: keep everything from the first day of this month.
const ES = process.env.SEARCH_URL ?? "https://search.example.org:9200";
const REPO = process.env.SNAPSHOT_REPO ?? "nightly-s3";
const headers = {
  Authorization: "Basic " + Buffer.from(`${process.env.SEARCH_USER}:${process.env.SEARCH_PASSWORD}`).toString("base64"),
  "Content-Type": "application/json",
};

// e.g. "2026-12-01"; can be overridden to keep more
const KEEP_FROM = process.env.KEEP_FROM ?? new Date().toISOString().slice(0, 8) + "01";

async function main() {
  const [y, m, d] = KEEP_FROM.split("-").map(Number);
  const cutoff = Date.UTC(y, m, d);
  const res = await fetch(`${ES}/_snapshot/${REPO}/_all?verbose=false`, { headers });
  if (!res.ok) throw new Error(`list snapshots: ${res.status}`);
  const { snapshots } = await res.json();

  const doomed = snapshots.filter((s) => s.start_time_in_millis < cutoff && s.state !== "IN_PROGRESS");
  console.log(`${snapshots.length} snapshots in ${REPO}; deleting ${doomed.length} taken before ${KEEP_FROM}`);
  for (const s of doomed) {
    const del = await fetch(`${ES}/_snapshot/${REPO}/${encodeURIComponent(s.snapshot)}`, { method: "DELETE", headers });
    console.log(`  ${s.snapshot} ${new Date(s.start_time_in_millis).toISOString().slice(0, 10)} -> ${del.status}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
