// benign: adds Bitbucket branch restrictions to main (2 approvals, no force push, no deletion) for the repos in ./config/repos.json; dry run unless --apply
// Make sure every service repo protects its main branch.
//   BITBUCKET_USER=... BITBUCKET_APP_PASSWORD=... node protect-main.js [--apply]
// Only adds missing restrictions; existing ones are left as they are.
const fs = require("node:fs");

const API = "https://api.bitbucket.org/2.0";
const AUTH = "Basic " + Buffer.from(`${process.env.BITBUCKET_USER}:${process.env.BITBUCKET_APP_PASSWORD}`).toString("base64");
const WANTED = [
  { kind: "require_approvals_to_merge", value: 2 },
  { kind: "force" },
  { kind: "delete" },
];

async function api(path, init = {}) {
  const res = await fetch(API + path, { ...init, headers: { Authorization: AUTH, "Content-Type": "application/json" } });
  if (!res.ok) throw new Error(`${init.method || "GET"} ${path}: ${res.status}`);
  return res.json();
}

async function main() {
  const apply = process.argv.includes("--apply");
  const { workspace, repos } = JSON.parse(fs.readFileSync("config/repos.json", "utf8"));
  for (const slug of repos) {
    const existing = await api(`/repositories/${workspace}/${slug}/branch-restrictions?pattern=main&pagelen=100`);
    const have = new Set(existing.values.map((r) => r.kind));
    const missing = WANTED.filter((w) => !have.has(w.kind));
    if (!missing.length) {
      console.log(`${slug}: main already protected`);
      continue;
    }
    for (const r of missing) {
      const body = { kind: r.kind, branch_match_kind: "glob", pattern: "main", ...(r.value ? { value: r.value } : {}) };
      if (apply) await api(`/repositories/${workspace}/${slug}/branch-restrictions`, { method: "POST", body: JSON.stringify(body) });
      console.log(`${slug}: ${apply ? "added" : "would add"} ${r.kind}${r.value ? `=${r.value}` : ""}`);
    }
  }
  if (!apply) console.log("dry run; pass --apply to create the restrictions");
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
