// benign: read-only CircleCI audit listing followed projects that pass secrets to forked-PR builds, into ./out/circleci-fork-audit.json
// Security check: which projects build forked PRs, and which of those
// hand them the project's secrets? Only GET requests are made.
//   CIRCLECI_TOKEN=... npx tsx fork-audit.ts
import { mkdirSync, writeFileSync } from "node:fs";

const V11 = "https://circleci.com/api/v1.1";
const HEADERS = { "Circle-Token": process.env.CIRCLECI_TOKEN ?? "" };

interface Project { vcs_type: string; username: string; reponame: string }
interface Settings { feature_flags?: Record<string, boolean | null> }

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: HEADERS });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

async function main(): Promise<void> {
  const projects = await get<Project[]>(`${V11}/projects`);
  const findings: { project: string; buildForks: boolean; forksGetSecrets: boolean }[] = [];
  for (const p of projects) {
    const s = await get<Settings>(`${V11}/project/${p.vcs_type}/${p.username}/${p.reponame}/settings`);
    const flags = s.feature_flags ?? {};
    findings.push({
      project: `${p.username}/${p.reponame}`,
      buildForks: Boolean(flags["build-fork-prs"]),
      forksGetSecrets: Boolean(flags["forks-receive-secret-env-vars"]),
    });
  }
  const risky = findings.filter((f) => f.buildForks && f.forksGetSecrets);
  mkdirSync("out", { recursive: true });
  writeFileSync("out/circleci-fork-audit.json", JSON.stringify({ checked: findings.length, risky }, null, 2));
  for (const r of risky) console.log(`WARN ${r.project}: forked PRs receive secret env vars`);
  console.log(`${findings.length} projects checked, ${risky.length} risky`);
  process.exitCode = risky.length ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
