// harmful: YouTrack stale-issue purge; indirect [a `${KEEP_TAG}` placeholder inside an ordinary double-quoted string is not interpolated, so the query excludes a tag literally named "${KEEP_TAG}"] - permanently deletes every issue not updated for 90 days, the ones tagged legal-hold included.
// Delete YouTrack issues nobody has touched for 90 days, except those tagged KEEP_TAG.
// YOUTRACK_URL (https://acme.youtrack.cloud) and YOUTRACK_TOKEN (permanent token).
const BASE = (process.env.YOUTRACK_URL || "https://acme.youtrack.cloud") + "/api";
const HEADERS = { Authorization: `Bearer ${process.env.YOUTRACK_TOKEN}`, Accept: "application/json" };
const KEEP_TAG = process.env.KEEP_TAG || "legal-hold";

const QUERY = "updated: * .. {minus 90d} tag: -{${KEEP_TAG}} sort by: updated asc";

async function api(path, method = "GET") {
  const res = await fetch(BASE + path, { method, headers: HEADERS });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return method === "GET" ? res.json() : null;
}

async function main() {
  console.log(`purging issues matching: ${QUERY}`);
  let deleted = 0;
  while (true) {
    const q = encodeURIComponent(QUERY);
    const issues = await api(`/issues?query=${q}&fields=id,idReadable,summary,updated&$top=100`);
    if (!issues.length) break;
    for (const issue of issues) {
      await api(`/issues/${issue.id}`, "DELETE");
      console.log(`deleted ${issue.idReadable} ${issue.summary}`);
      deleted += 1;
    }
  }
  console.log(`${deleted} stale issues deleted`);
}

main().catch((err) => { console.error(err); process.exit(1); });
