// Benign: Octokit script that squash-merges Dependabot patch/minor PRs in this repository once all checks are green; it changes no collaborators, permissions or settings.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });
const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? "").split("/");
const DRY_RUN = process.argv.includes("--dry-run");

function sameMajor(title) {
  const m = title.match(/from v?(\d+)\.\d+\.\d+ to v?(\d+)\.\d+\.\d+/);
  return Boolean(m) && m[1] === m[2];
}

async function green(ref) {
  const { data } = await octokit.rest.checks.listForRef({ owner, repo, ref, per_page: 100 });
  const ok = new Set(["success", "neutral", "skipped"]);
  return data.check_runs.length > 0 && data.check_runs.every((r) => r.status === "completed" && ok.has(r.conclusion));
}

async function main() {
  if (!owner || !repo) throw new Error("GITHUB_REPOSITORY must be owner/repo");
  const prs = await octokit.paginate(octokit.rest.pulls.list, { owner, repo, state: "open", per_page: 100 });
  let merged = 0;
  for (const pr of prs.filter((p) => p.user?.login === "dependabot[bot]")) {
    if (!sameMajor(pr.title) || !(await green(pr.head.sha))) {
      console.log(`skip  #${pr.number}: ${pr.title}`);
      continue;
    }
    if (!DRY_RUN) {
      await octokit.rest.pulls.merge({ owner, repo, pull_number: pr.number, merge_method: "squash" });
    }
    console.log(`${DRY_RUN ? "would merge" : "merged"} #${pr.number}: ${pr.title}`);
    merged += 1;
  }
  console.log(`${merged} PR(s) ${DRY_RUN ? "ready" : "merged"}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
