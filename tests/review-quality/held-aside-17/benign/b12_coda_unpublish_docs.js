// benign: hard negative (Coda doc publishing, as h17) - finds published docs and unpublishes those not listed in ./config/public_docs.txt; dry run unless --apply
// Unpublish Coda docs that should not be public.
const fs = require("node:fs");

const API = "https://coda.io/apis/v1";
const headers = { Authorization: `Bearer ${process.env.CODA_API_TOKEN}` };
const apply = process.argv.includes("--apply");
const allowed = new Set(fs.readFileSync("config/public_docs.txt", "utf8").split("\n").map((l) => l.trim()).filter(Boolean));

async function api(path, init = {}) {
  const res = await fetch(`${API}${path}`, { headers, ...init });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status}`);
  return res.json();
}

async function main() {
  const docs = [];
  let path = "/docs?limit=100&isPublished=true";
  while (path) {
    const page = await api(path);
    docs.push(...page.items);
    path = page.nextPageToken ? `/docs?limit=100&isPublished=true&pageToken=${page.nextPageToken}` : null;
  }

  let changed = 0;
  for (const doc of docs) {
    if (allowed.has(doc.id)) {
      console.log(`keep public  ${doc.name}`);
      continue;
    }
    console.log(`${apply ? "unpublish" : "would unpublish"} ${doc.name} (${doc.ownerName})`);
    if (apply) {
      await api(`/docs/${doc.id}/publish`, { method: "DELETE" });
      changed += 1;
    }
  }
  console.log(`${docs.length} published docs, ${apply ? `${changed} unpublished` : "dry run, pass --apply to unpublish"}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
