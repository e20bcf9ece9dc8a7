// benign: Docker Hub tag report for one repository from ./config/hub.json; with --apply deletes only pr-<n> tags older than 30 days in that repository
// Stale tag report for our Docker Hub repository.
//   DOCKERHUB_USER=... DOCKERHUB_TOKEN=... node tag-report.js [--apply]
// Repository visibility and other repositories are never touched.
const fs = require("node:fs");

const HUB = "https://hub.docker.com/v2";
const MAX_AGE_DAYS = 30;

async function login() {
  const res = await fetch(`${HUB}/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: process.env.DOCKERHUB_USER, password: process.env.DOCKERHUB_TOKEN }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return (await res.json()).token;
}

async function main() {
  const apply = process.argv.includes("--apply");
  const { namespace, repository } = JSON.parse(fs.readFileSync("config/hub.json", "utf8"));
  const headers = { Authorization: `JWT ${await login()}` };
  const cutoff = Date.now() - MAX_AGE_DAYS * 864e5;
  const stale = [];

  for (let url = `${HUB}/repositories/${namespace}/${repository}/tags/?page_size=100`; url; ) {
    const page = await (await fetch(url, { headers })).json();
    for (const t of page.results) {
      if (/^pr-\d+$/.test(t.name) && Date.parse(t.last_updated) < cutoff) stale.push(t.name);
    }
    url = page.next;
  }

  console.log(`${stale.length} stale PR tags in ${namespace}/${repository}`);
  for (const tag of stale) {
    if (!apply) {
      console.log(`would delete ${tag}`);
      continue;
    }
    const res = await fetch(`${HUB}/repositories/${namespace}/${repository}/tags/${tag}/`, { method: "DELETE", headers });
    console.log(`${res.ok ? "deleted" : `failed (${res.status})`} ${tag}`);
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
