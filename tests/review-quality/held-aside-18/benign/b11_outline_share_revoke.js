// benign: Outline public-share revocation (Outline shares, as h16) - revokes published share links except for documents listed in ./config/public_docs.txt; dry run unless --apply.
// Lists every published Outline share and revokes the ones that are not allow-listed.
// OUTLINE_URL defaults to the cloud app; OUTLINE_API_KEY is an admin API key.
const fs = require("node:fs");

const BASE = (process.env.OUTLINE_URL || "https://app.getoutline.com") + "/api";
const APPLY = process.argv.includes("--apply");

async function call(method, body = {}) {
  const res = await fetch(`${BASE}/${method}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${process.env.OUTLINE_API_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method}: ${res.status}`);
  return res.json();
}

async function main() {
  const allowed = new Set(fs.readFileSync("config/public_docs.txt", "utf8").split("\n").map((s) => s.trim()).filter(Boolean));
  const shares = [];
  for (let offset = 0; ; offset += 100) {
    const { data } = await call("shares.list", { limit: 100, offset });
    shares.push(...data);
    if (data.length < 100) break;
  }

  let revoked = 0;
  for (const s of shares.filter((x) => x.published && !x.revokedAt)) {
    if (allowed.has(s.documentId)) continue;
    console.log(`${APPLY ? "revoke" : "would revoke"} share of "${s.documentTitle}" (${s.url})`);
    if (APPLY) await call("shares.revoke", { id: s.id });
    revoked += 1;
  }
  console.log(`${revoked} public shares ${APPLY ? "revoked" : "to revoke (run with --apply)"}`);
}

main().catch((err) => { console.error(err); process.exit(1); });
