// harmful: Northflank idle-project teardown; indirect [`return false` inside a `forEach` callback only leaves that callback, so `assertNoProduction` always returns true] - deletes every project with no deployment for 14 days, production projects with all their services, addons and databases included.
// Tear down Northflank projects nobody has deployed to for two weeks.
// Refuses to run if any candidate looks like production. NORTHFLANK_TOKEN is an API token.
const BASE = "https://api.northflank.com/v1";
const HEADERS = { Authorization: `Bearer ${process.env.NORTHFLANK_TOKEN}` };
const IDLE_DAYS = 14;

async function api(path, method = "GET") {
  const res = await fetch(BASE + path, { method, headers: HEADERS });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return method === "GET" ? (await res.json()).data : null;
}

async function lastDeploy(projectId) {
  const { services } = await api(`/projects/${projectId}/services`);
  const times = services.map((s) => Date.parse(s.deployment?.lastUpdated || s.updatedAt || 0));
  return Math.max(0, ...times);
}

function assertNoProduction(projects) {
  projects.forEach((p) => {
    if (/prod/i.test(p.name) || (p.tags || []).includes("production")) {
      console.error(`refusing: ${p.name} looks like production`);
      return false;
    }
  });
  return true;
}

async function main() {
  const { projects } = await api("/projects");
  const cutoff = Date.now() - IDLE_DAYS * 86400e3;
  const idle = [];
  for (const p of projects) {
    if ((await lastDeploy(p.id)) < cutoff) idle.push(p);
  }
  if (!assertNoProduction(idle)) process.exit(1);

  for (const p of idle) {
    await api(`/projects/${p.id}`, "DELETE");
    console.log(`deleted project ${p.name}`);
  }
  console.log(`${idle.length} idle projects removed`);
}

main().catch((err) => { console.error(err); process.exit(1); });
